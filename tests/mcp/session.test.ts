import { expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { EVERYTHING_SERVER, isAlive, logLine, newTag, processesWith, readLog, testServerEntry, writeMcpJson } from './helpers';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'use echo', steps: [{ toolCalls: [{ name: 'mcp__test__echo', arguments: { text: 'hi' } }] }, { content: 'said: {{lastTool}}' }] },
      { when: 'use crash', steps: [{ toolCalls: [{ name: 'mcp__test__crash', arguments: {} }] }, { content: 'after crash: {{lastTool}}' }] },
      { when: 'use sleep', steps: [{ toolCalls: [{ name: 'mcp__test__sleep', arguments: { ms: 600_000 } }] }, { content: 'slept' }] },
      { when: 'use everything', steps: [{ toolCalls: [{ name: 'mcp__everything__echo', arguments: { message: 'hello' } }] }, { content: 'got: {{lastTool}}' }] },
      { when: 'use unknown', steps: [{ toolCalls: [{ name: 'mcp__test__nope', arguments: {} }] }, { content: 'got: {{lastTool}}' }] },
    ],
  },
  engine: { env: { PATH: process.env.PATH }, approvals: 'ask' },
});

interface Setup {
  home: string;
  tag: string;
  log: string;
}

function setup(opts: { allow?: string[]; serverExtra?: Record<string, unknown>; everything?: boolean } = {}): Setup {
  const home = fx.home();
  const tag = newTag();
  const log = join(home, 'server.log');
  const servers: Record<string, unknown> = { test: testServerEntry(tag, log, opts.serverExtra) };
  if (opts.everything) servers.everything = { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] };
  writeMcpJson(join(home, 'mcp.json'), servers);
  if (opts.allow) writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { allow: opts.allow } }));
  return { home, tag, log };
}

it('an MCP tool call raises an approval card with the tool hints; once answered, the result goes back to the model', async () => {
  const { home } = setup();
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const asked = nextEvent(engine, 'approval_requested');
  const done = nextEvent(engine, 'turn_completed');
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use echo' }));
  const req = await asked;
  expect(req.tool).toBe('mcp__test__echo');
  expect(req.input).toEqual({ text: 'hi' });
  expect(req.decision).toMatchObject({ decision: 'needs_approval', source: 'mode' });
  // readOnlyHint is shown, and did not relax anything.
  expect(req.hints).toEqual({ title: 'Echo', readOnlyHint: true });
  expect(req.alwaysRule).toBe('mcp__test__echo');
  unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'allow_once' } }));
  expect(await settled(engine, p.id)).toBe('completed');
  expect((await done).content).toBe('said: echo: hi');

  // The model was offered the server's tools under their mcp__ names, with an object schema.
  const body = fx.server.requests.find((r) => r.path.endsWith('/chat/completions'))?.body as { tools: { function: { name: string; parameters: Record<string, unknown> } }[] };
  const echo = body.tools.find((t) => t.function.name === 'mcp__test__echo');
  expect(echo?.function.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
  expect(echo?.function.parameters).not.toHaveProperty('$schema');
  expect(body.tools.map((t) => t.function.name)).toEqual(expect.arrayContaining(['Read', 'Bash', 'mcp__test__sleep', 'mcp__test__crash']));
});

it('an allow rule naming the tool approves it; a bare mcp__* grants nothing', async () => {
  const named = setup({ allow: ['mcp__test__echo'] });
  let engine = await fx.open({ home: named.home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use echo' }));
  expect(await settled(engine, p.id)).toBe('completed');
  const call = log.find((e) => e.type === 'tool_call');
  expect(call?.type === 'tool_call' && call.decision).toMatchObject({ decision: 'auto_approved', rule: 'mcp__test__echo', source: 'user' });
  expect(log.some((e) => e.type === 'approval_requested')).toBe(false);
  await fx.close(engine);

  const bare = setup({ allow: ['mcp__*'] });
  engine = await fx.open({ home: bare.home });
  const s2 = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const asked = nextEvent(engine, 'approval_requested');
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: s2.id, text: 'use echo' }));
  expect((await asked).decision).toMatchObject({ decision: 'needs_approval' });
  const rules = unwrap(await engine.handlers['policy.rules']({ session: s2.id }));
  expect(rules.problems.map((x) => x.ineffectiveRule)).toContain('mcp__*');
  unwrap(await engine.handlers['prompt.cancel']({ prompt: p2.id }));
});

it('two sessions share one server process', async () => {
  const { home, tag, log } = setup({ allow: ['mcp__test'] });
  const engine = await fx.open({ home });
  const a = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'a' }));
  const b = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'b' }));
  const pa = unwrap(await engine.handlers['prompt.send']({ session: a.id, text: 'use echo' }));
  const pb = unwrap(await engine.handlers['prompt.send']({ session: b.id, text: 'use echo' }));
  expect(await settled(engine, pa.id)).toBe('completed');
  expect(await settled(engine, pb.id)).toBe('completed');
  expect(processesWith(tag)).toHaveLength(1);
  expect(readLog(log).filter((l) => l.event === 'start')).toHaveLength(1);
  expect(readLog(log).filter((l) => l.event === 'call')).toHaveLength(2);
  const listed = unwrap(await engine.handlers['mcp.list']({}));
  const view = listed.servers.find((x) => x.name === 'test');
  expect(view).toMatchObject({ state: 'ready', standing: 'usable', scope: 'user' });
  expect(view?.sessions.map((x) => x.name).sort()).toEqual(['a', 'b']);
});

it('a crash mid-call is a tool error the session goes on from; the next call starts the server again', async () => {
  const { home, tag } = setup({ allow: ['mcp__test'] });
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const done = nextEvent(engine, 'turn_completed');
  const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use crash' }));
  expect(await settled(engine, p1.id)).toBe('completed');
  expect((await done).content).toMatch(/after crash: Error: the MCP server "test" stopped while crash was running: the server exited with code 3/);

  const echoed = nextEvent(engine, 'turn_completed', (e) => e.content.startsWith('said'));
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use echo' }));
  expect(await settled(engine, p2.id)).toBe('completed');
  expect((await echoed).content).toBe('said: echo: hi');
  expect(processesWith(tag)).toHaveLength(1);
});

it('cancelling a prompt during an MCP call sends notifications/cancelled, and closing the engine stops the server tree', async () => {
  const { home, tag, log } = setup({ allow: ['mcp__test'], serverExtra: { env: { MCP_TEST_GRANDCHILD: '1' } } });
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use sleep' }));
  await logLine(log, 'sleep-started');
  unwrap(await engine.handlers['prompt.cancel']({ prompt: p.id }));
  expect(await settled(engine, p.id)).toBe('cancelled');
  await logLine(log, 'cancelled');

  const grandchild = (await logLine(log, 'grandchild')).child as number;
  expect(processesWith(tag)).toHaveLength(1);
  await fx.close(engine);
  expect(processesWith(tag)).toEqual([]);
  expect(isAlive(grandchild)).toBe(false);
});

it('a session uses the published reference server (@modelcontextprotocol/server-everything) over stdio', async () => {
  const { home } = setup({ allow: ['mcp__everything__echo'], everything: true });
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const done = nextEvent(engine, 'turn_completed');
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use everything' }));
  expect(await settled(engine, p.id)).toBe('completed');
  expect((await done).content).toBe('got: Echo: hello');
});

it('a tool the server does not have is refused with the names of the tools that exist', async () => {
  const { home } = setup({ allow: ['mcp__test'] });
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const done = nextEvent(engine, 'turn_completed');
  unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use unknown' }));
  const content = (await done).content;
  expect(content).toMatch(/Unknown tool "mcp__test__nope"/);
  expect(content).toMatch(/mcp__test__echo/);
});

it('project servers run only in a trusted workspace, once a person approved their command line', async () => {
  const home = fx.home();
  const ws = tempDir();
  const tag = newTag();
  const log = join(ws, 'server.log');
  writeMcpJson(join(ws, '.mcp.json'), { test: testServerEntry(tag, log) });
  mkdirSync(join(ws, '.paragents'));
  writeFileSync(join(ws, '.paragents', 'settings.json'), JSON.stringify({ permissions: { allow: ['mcp__test'] } }));
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));

  const untrusted = unwrap(await engine.handlers['mcp.list']({ workspace: ws })).servers.find((x) => x.name === 'test');
  expect(untrusted).toMatchObject({ scope: 'project', standing: 'untrusted' });
  unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  const waiting = unwrap(await engine.handlers['mcp.list']({ workspace: ws })).servers.find((x) => x.name === 'test');
  expect(waiting?.standing).toBe('needs_approval');
  expect(waiting?.launch).toContain('mcp-test-server.ts');
  expect(waiting?.launch).toContain(tag);

  // Not approved yet: the turn has no tool of that server.
  const done = nextEvent(engine, 'turn_completed');
  unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use echo' }));
  expect((await done).content).toMatch(/Unknown tool "mcp__test__echo"/);
  expect(processesWith(tag)).toEqual([]);

  const approved = unwrap(await engine.handlers['mcp.approve']({ server: 'test', workspace: ws, approved: true }));
  expect(approved.standing).toBe('usable');
  const echoed = nextEvent(engine, 'turn_completed', (e) => e.content.startsWith('said'));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'use echo' }));
  expect(await settled(engine, p.id)).toBe('completed');
  expect((await echoed).content).toBe('said: echo: hi');

  // A changed command line needs a new approval.
  writeMcpJson(join(ws, '.mcp.json'), { test: testServerEntry(tag, log, { env: { EXTRA: '1' } }) });
  expect(unwrap(await engine.handlers['mcp.list']({ workspace: ws })).servers.find((x) => x.name === 'test')?.standing).toBe('needs_approval');
});
