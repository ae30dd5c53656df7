import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { BIN, jsonLines, runCli } from '../helpers/cli';
import { createEngine } from '../../main/core/engine';
import { eventJsonLine } from '../../main/cli/format';

afterAll(() => cleanupTempDirs());

const CALLS = ['c1', 'c2', 'c3', 'c4'];

/** A turn of four tool calls (each appends its own name to a log), then an answer held at the gate `final`. */
async function server(): Promise<ModelServer> {
  return startModelServer({
    script: {
      rules: [
        {
          when: 'do the four steps',
          steps: [
            ...CALLS.map((c) => ({ toolCalls: [{ name: 'Bash', arguments: { command: `echo ${c} >> log.txt` } }] })),
            { content: 'all four steps done', gate: 'final' },
          ],
        },
      ],
    },
  });
}

/**
 * Runs `paragents run --json` in a real child process and kills it with SIGKILL right after it has printed
 * `killAfter` event lines (the turn cannot finish before: its last model step waits at a closed gate).
 */
function runAndKill(home: string, ws: string, killAfter: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', '--workspace', ws, '--prompt', 'do the four steps', '--session', 'job', '--approve', 'all', '--json'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let buffer = '';
    let killed = false;
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the run never printed ${killAfter} lines:\n${lines.join('\n')}\n${stderr}`));
    }, 30_000);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (killed) return;
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        lines.push(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (lines.length >= killAfter && !killed) {
          killed = true;
          child.kill('SIGKILL');
          return;
        }
      }
    });
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL' && killed) resolve(lines);
      else reject(new Error(`the run ended by itself (${String(signal)}) before the kill:\n${stderr}`));
    });
  });
}

/** A small deterministic generator, so a failing kill point can be reproduced from the seed in the test name. */
function points(seed: number, count: number, min: number, max: number): number[] {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(min + (x % (max - min + 1)));
  }
  return out;
}

describe('kill -9 of paragents run at random points of a multi-step turn', () => {
  // The lines printed before the turn waits at the gate: session_created, prompt_queued, prompt_status queued,
  // prompt_status running, turn_started (5: from here on the turn has started), then assistant_message,
  // tool_call, tool_result for each of the four calls (17 in all). Killing anywhere in 5..17 leaves a started turn.
  const KILL_POINTS = points(20261201, 5, 5, 17);

  it.each(KILL_POINTS.map((k, i) => [i, k]))('run %i: killed after %i printed events, nothing printed is lost and resume finishes the turn', async (run, killAfter) => {
    const model = await server();
    try {
      const home = makeHome(model.url);
      const ws = tempDir();
      const printed = await runAndKill(home, ws, killAfter);
      expect(printed.length).toBe(killAfter);

      // Every line the killed process printed is in the store, identical (it was committed before it was shown).
      const engine = await createEngine({ home, recover: false, approvals: 'never' });
      let interruptedPrompt: string | null = null;
      try {
        const stored = await engine.handlers['session.events']({ session: 'job' });
        expect(stored.ok).toBe(true);
        const storedLines = new Map((stored.ok ? stored.value : []).map((e) => [e.seq, eventJsonLine(e)]));
        for (const line of printed) {
          const seq = (JSON.parse(line) as { seq: number }).seq;
          expect(storedLines.get(seq)).toBe(line);
        }
        const session = await engine.handlers['session.get']({ session: 'job' });
        interruptedPrompt = session.ok ? (session.value.prompts[0]?.status ?? null) : null;
      } finally {
        await engine.close();
      }
      expect(interruptedPrompt).toBe('interrupted');

      // A fresh process lists the session as interrupted.
      const listed = await runCli(['sessions', 'list', '--json'], { home });
      expect(listed.code).toBe(0);
      expect(jsonLines(listed.stdout)[0]?.status).toBe('interrupted');

      // `paragents resume` finishes the turn (on even runs); `paragents run --session` resumes it first and then
      // runs its own prompt (on odd runs). No tool call runs twice.
      model.openGate('final');
      const viaRun = run % 2 === 1;
      const resumed = viaRun
        ? await runCli(['run', '--workspace', ws, '--session', 'job', '--prompt', 'and then say hi', '--approve', 'all', '--json'], { home })
        : await runCli(['resume', '--approve', 'all', '--json'], { home });
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      const events = jsonLines(resumed.stdout);
      expect(events.find((e) => e.type === 'turn_started')?.resumed).toBe(true);
      const completed = events.filter((e) => e.type === 'turn_completed').map((e) => e.content);
      expect(completed).toEqual(viaRun ? ['all four steps done', 'echo: and then say hi'] : ['all four steps done']);
      const log = existsSync(join(ws, 'log.txt')) ? readFileSync(join(ws, 'log.txt'), 'utf8').trim().split('\n') : [];
      expect(new Set(log).size).toBe(log.length);
      for (const entry of log) expect(CALLS).toContain(entry);

      const after = await runCli(['sessions', 'list', '--json'], { home });
      expect(jsonLines(after.stdout)[0]?.status).toBe('completed');
    } finally {
      await model.close();
    }
  });
});
