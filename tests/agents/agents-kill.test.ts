import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../main/core/engine';
import { startModelServer } from '../fixtures/model-server';
import { BIN } from '../helpers/cli';
import { settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';

afterAll(() => cleanupTempDirs());

const TASKS = ['a', 'b', 'c'];

describe('kill -9 in the middle of a fan-out', () => {
  it('resumes: interrupted children go on, the parent awaits them again, no child is started twice', async () => {
    const model = await startModelServer({
      script: {
        rules: [
          {
            when: 'fan out',
            steps: [
              { toolCalls: TASKS.map((t) => ({ name: 'Agent', arguments: { description: `task ${t}`, prompt: `child task ${t}`, name: `kid-${t}` } })) },
              { content: 'all done' },
            ],
          },
          ...TASKS.map((t) => ({
            when: `child task ${t}`,
            steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `echo ${t} >> ${t}.log` } }] }, { content: `finished ${t}`, gate: 'kids' }],
          })),
        ],
      },
    });
    try {
      const home = makeHome(model.url);
      const ws = tempDir();
      const child = spawn(process.execPath, [BIN, 'run', '--workspace', ws, '--prompt', 'fan out', '--session', 'boss', '--approve', 'all', '--json'], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const closed = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
      // Every child ran its command and waits at the gate for its final answer: kill the engine there.
      await model.reached('kids', 3);
      child.kill('SIGKILL');
      expect(await closed).toBe('SIGKILL');
      model.openGate('kids');

      const engine = await createEngine({ home, approvals: 'all', env: {} });
      try {
        const boss = unwrap(await engine.handlers['session.get']({ session: 'boss' }));
        const promptId = boss.prompts[0]?.id ?? '';
        expect(await settled(engine, promptId, 60_000)).toBe('completed');
        const children = unwrap(await engine.handlers['agents.list']({ session: 'boss' }));
        expect(children.map((c) => c.name)).toEqual(['kid-a', 'kid-b', 'kid-c']);
        expect(children.every((c) => c.outcome === 'completed')).toBe(true);
        // Three child sessions, each with the one prompt it was given: none started twice.
        const sessions = unwrap(await engine.handlers['session.list']({}));
        expect(sessions.filter((s) => s.name?.startsWith('kid-'))).toHaveLength(3);
        for (const c of children) expect(unwrap(await engine.handlers['session.get']({ session: c.sessionId })).prompts).toHaveLength(1);
        // Each child's command ran once.
        for (const t of TASKS) expect(readFileSync(path.join(ws, `${t}.log`), 'utf8')).toBe(`${t}\n`);
        // The parent's answer has every child's final answer.
        const last = model.requests.map((r) => JSON.stringify(r.body)).filter((b) => b.includes('fan out')).at(-1) ?? '';
        for (const t of TASKS) expect(last).toContain(`finished ${t}`);
      } finally {
        await engine.close();
      }
    } finally {
      await model.close();
    }
  });
});
