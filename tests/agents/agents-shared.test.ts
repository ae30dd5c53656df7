import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { tempDir } from '../helpers/temp';
import type { Script } from '../fixtures/model-server';

const fx = useEngineFixture();

/** A parent whose first step starts one child per task, then answers "all done". */
function fanOut(tasks: { name: string; outputs?: string[] }[], childGate?: string): Script {
  return {
    rules: [
      {
        when: 'fan out',
        steps: [
          {
            toolCalls: tasks.map((t) => ({
              name: 'Agent',
              arguments: { description: `write ${t.name}`, prompt: `child task ${t.name}`, name: `kid-${t.name}`, ...(t.outputs ? { outputs: t.outputs } : {}) },
            })),
          },
          { content: 'all done' },
        ],
      },
      ...tasks.map((t) => ({
        when: `child task ${t.name}`,
        steps: [
          { toolCalls: [{ name: 'Write', arguments: { path: `${t.name}.txt`, content: `${t.name}\n` } }], ...(childGate ? { gate: childGate } : {}) },
          { content: `finished ${t.name}` },
        ],
      })),
    ],
  };
}

/** The chat requests whose last user message is the parent's prompt (its steps), in order. */
function parentRequests(): { messages: { role: string; content?: unknown }[] }[] {
  return fx.server.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => r.body as { messages: { role: string; content?: unknown }[] })
    .filter((b) => b.messages.some((m) => m.role === 'user' && String(m.content).includes('fan out')));
}

describe('the Agent tool in a folder that is not a git repository (shared children)', () => {
  it('starts three children in parallel, their answers reach the parent, their files are in its folder', async () => {
    fx.server.setScript(fanOut([{ name: 'a' }, { name: 'b' }, { name: 'c' }], 'kids'));
    const engine = await fx.open();
    const log = recordEvents(engine);
    const ws = tempDir();
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'boss' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    // All three children's first requests are at the gate at once: they overlap.
    await fx.server.reached('kids', 3);
    fx.server.openGate('kids');
    expect(await settled(engine, p.id)).toBe('completed');

    for (const n of ['a', 'b', 'c']) expect(readFileSync(path.join(ws, `${n}.txt`), 'utf8')).toBe(`${n}\n`);
    const last = parentRequests().at(-1);
    const toolTexts = (last?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(toolTexts).toHaveLength(3);
    for (const n of ['a', 'b', 'c']) expect(toolTexts.some((t) => t.includes(`finished ${n}`) && t.includes(`${n}.txt`))).toBe(true);
    expect(toolTexts.every((t) => t.includes(': completed.'))).toBe(true);

    const children = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(children.map((c) => [c.name, c.state, c.outcome, c.isolation, c.integration])).toEqual([
      ['kid-a', 'done', 'completed', 'shared', 'not_needed'],
      ['kid-b', 'done', 'completed', 'shared', 'not_needed'],
      ['kid-c', 'done', 'completed', 'shared', 'not_needed'],
    ]);
    expect(children.map((c) => c.files)).toEqual([['a.txt'], ['b.txt'], ['c.txt']]);
    const sessions = unwrap(await engine.handlers['session.list']({}));
    for (const c of children) expect(sessions.find((s) => s.id === c.sessionId)?.workspace).toBe(parent.workspace);
    expect(log.filter((e) => e.type === 'agent_spawned').map((e) => e.sessionId)).toEqual([parent.id, parent.id, parent.id]);
    expect(log.filter((e) => e.type === 'agent_completed' && e.outcome === 'completed')).toHaveLength(3);
  });

  it('runs at most agents.maxChildren children of one parent at once and queues the rest', async () => {
    fx.server.setScript(fanOut([{ name: 'a' }, { name: 'b' }, { name: 'c' }], 'kids'));
    const engine = await fx.open({ home: fx.home({ agents: { maxChildren: 2 } }) });
    const log = recordEvents(engine);
    const parent = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    await fx.server.reached('kids', 2);
    const queued = log.filter((e) => e.type === 'agent_waiting' && e.reason === 'max_children');
    expect(queued).toHaveLength(1);
    fx.server.openGate('kids');
    expect(await settled(engine, p.id)).toBe('completed');
    expect(fx.server.maxConcurrentStreams).toBe(2);
    const children = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(children.every((c) => c.outcome === 'completed')).toBe(true);
  });

  it('completes at concurrency 1: the waiting parent gives back its slot', async () => {
    fx.server.setScript(fanOut([{ name: 'a' }, { name: 'b' }]));
    const engine = await fx.open({ home: fx.home({ concurrency: 1 }) });
    const ws = tempDir();
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(existsSync(path.join(ws, 'a.txt')) && existsSync(path.join(ws, 'b.txt'))).toBe(true);
    expect(engine.stats().peakSlotsInUse).toBe(1);
  });

  it('refuses a child its own Agent call at agents.maxDepth 1, in one sentence', async () => {
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [{ name: 'Agent', arguments: { description: 'nest', prompt: 'child that nests' } }] }, { content: 'ok' }] },
        { when: 'child that nests', steps: [{ toolCalls: [{ name: 'Agent', arguments: { description: 'deeper', prompt: 'grandchild' } }] }, { content: '{{lastTool}}' }] },
      ],
    });
    const engine = await fx.open();
    const parent = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const [child] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(child?.outcome).toBe('completed');
    const grand = unwrap(await engine.handlers['agents.list']({ session: child?.sessionId ?? '' }));
    expect(grand).toEqual([]);
    const last = parentRequests().at(-1);
    const text = String(last?.messages.filter((m) => m.role === 'tool').at(-1)?.content);
    expect(text).toContain('agents.maxDepth is 1, so it cannot start agents of its own');
  });

  it('deny: ["Agent"] turns the tool off', async () => {
    fx.server.setScript(fanOut([{ name: 'a' }]));
    const ws = tempDir();
    const home = fx.home();
    writeFileSync(path.join(home, 'settings.json'), JSON.stringify({ permissions: { deny: ['Agent'] } }));
    const denied = await fx.open({ home });
    const parent = unwrap(await denied.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await denied.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(denied, p.id)).toBe('completed');
    expect(unwrap(await denied.handlers['agents.list']({ session: parent.id }))).toEqual([]);
    expect(existsSync(path.join(ws, 'a.txt'))).toBe(false);
    const tool = parentRequests().at(-1)?.messages.filter((m) => m.role === 'tool').at(-1);
    expect(String(tool?.content)).toContain('denied by Agent');
  });
});
