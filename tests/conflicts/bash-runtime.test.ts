import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { newSession, ofType, send, toolResults } from './helpers';

const fx = useEngineFixture();

const bash = (command: string) => ({ name: 'Bash', arguments: { command } });
const read = (path: string) => ({ name: 'Read', arguments: { path } });

/** Runs one prompt whose steps are the given tool calls, each in its own step; returns the tool results. */
async function runCalls(ws: string, calls: { name: string; arguments: Record<string, unknown> }[]) {
  fx.server.setScript({ rules: [{ when: 'go', steps: [...calls.map((c) => ({ toolCalls: [c] })), { content: 'ok' }] }] });
  const engine = await fx.open();
  const log = recordEvents(engine);
  const p = await send(engine, await newSession(engine, ws, `s${Math.random().toString(36).slice(2, 8)}`), 'go');
  expect(await settled(engine, p.id)).toBe('completed');
  return { log, results: toolResults(log, p.id) };
}

describe('Bash writes in the runtime gate (policy bash analysis)', () => {
  it('refuses a redirect or append over an existing file the session never read, and allows it after a Read', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'existing.txt'), 'theirs\n');
    writeFileSync(join(ws, 'log.txt'), 'line 1\n');
    const { log, results } = await runCalls(ws, [
      bash('echo mine > existing.txt'),
      bash('echo "line 2" >> log.txt'),
      bash('echo fresh > new.txt && echo more >> new.txt'),
      read('existing.txt'),
      bash('echo mine > existing.txt'),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false, true, true, true]);
    expect(results[0]?.error).toMatch(/existing\.txt already exists and you have not read it in this session; Read it first/);
    expect(results[1]?.error).toMatch(/log\.txt already exists and you have not read it/);
    expect(readFileSync(join(ws, 'log.txt'), 'utf8')).toBe('line 1\n');
    expect(readFileSync(join(ws, 'new.txt'), 'utf8')).toBe('fresh\nmore\n');
    expect(readFileSync(join(ws, 'existing.txt'), 'utf8')).toBe('mine\n');
    expect(ofType(log, 'conflict').map((c) => [c.kind, c.paths])).toEqual([
      ['stale_read', ['existing.txt']],
      ['stale_read', ['log.txt']],
    ]);
  });

  it('sees writes inside compound commands: cd, subshells, bash -c, tee -a', async () => {
    const ws = tempDir();
    mkdirSync(join(ws, 'sub'));
    for (const f of ['sub/a.txt', 'out.txt', 'f', 'teed.txt']) writeFileSync(join(ws, f), 'old\n');
    const { results } = await runCalls(ws, [
      bash('cd sub && echo x > a.txt'),
      bash('(echo a; echo b) > out.txt'),
      bash("bash -c 'echo x > f'"),
      bash('echo y | tee -a teed.txt'),
    ]);
    expect(results.map((r) => r.error?.match(/^(\S+) already exists/)?.[1])).toEqual(['sub/a.txt', 'out.txt', 'f', 'teed.txt']);
    for (const f of ['sub/a.txt', 'out.txt', 'f', 'teed.txt']) expect(readFileSync(join(ws, f), 'utf8')).toBe('old\n');
  });

  it('journals and leases the files of a compound command, so another session’s write conflicts', async () => {
    const ws = tempDir();
    mkdirSync(join(ws, 'sub'));
    fx.server.setScript({
      rules: [
        // A's turn waits at the gate after its write, so it still holds the lease when B writes.
        { when: 'session A', steps: [{ toolCalls: [bash("cd sub && bash -c 'echo from A > shared.txt'")] }, { content: 'A done', gate: 'A holds' }] },
        { when: 'session B', steps: [{ toolCalls: [bash('(echo from B) > sub/shared.txt')] }, { content: 'B saw {{lastTool}}' }] },
      ],
    });
    const engine = await fx.open({ onConflict: 'block' });
    const log = recordEvents(engine);
    const pa = await send(engine, await newSession(engine, ws, 'web-api'), 'session A');
    await fx.server.reached('A holds');
    const pb = await send(engine, await newSession(engine, ws, 'docs'), 'session B');
    expect(await settled(engine, pb.id)).toBe('completed');
    fx.server.openGate('A holds');
    expect(await settled(engine, pa.id)).toBe('completed');
    expect(toolResults(log, pb.id)[0]?.error).toMatch(/sub\/shared\.txt is being changed by session web-api/);
    expect(readFileSync(join(ws, 'sub/shared.txt'), 'utf8')).toBe('from A\n');
    const journal = unwrap(await engine.handlers['journal.list']({}));
    expect(journal.map((e) => [e.tool, e.path.slice(ws.length + 1), e.beforeSha])).toEqual([['Bash', 'sub/shared.txt', null]]);
  });
});

describe('read stamps across a restart', () => {
  it('a file read before a restart can be written after it, unless it changed meanwhile', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'kept.txt'), 'v1\n');
    writeFileSync(join(ws, 'changed.txt'), 'v1\n');
    fx.server.setScript({
      rules: [
        { when: 'look', steps: [{ toolCalls: [read('kept.txt'), read('changed.txt')] }, { content: 'read' }] },
        { when: 'write', steps: [{ toolCalls: [bash('echo v2 > kept.txt'), bash('echo v2 > changed.txt')] }, { content: 'ok' }] },
      ],
    });
    const home = fx.home();
    let engine = await fx.open({ home });
    const s = await newSession(engine, ws, 'reader');
    expect(await settled(engine, (await send(engine, s, 'look')).id)).toBe('completed');
    await fx.close(engine);
    writeFileSync(join(ws, 'changed.txt'), 'edited while Paragents was down\n');

    engine = await fx.open({ home });
    const log = recordEvents(engine);
    const done = nextEvent(engine, 'turn_completed');
    await send(engine, s, 'write');
    await done;
    expect(toolResults(log).map((r) => r.ok)).toEqual([true, false]);
    expect(toolResults(log)[1]?.error).toMatch(/changed\.txt changed since you read it/);
    expect(readFileSync(join(ws, 'kept.txt'), 'utf8')).toBe('v2\n');
  });
});
