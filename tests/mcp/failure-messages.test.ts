import { expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { english, render, type Msg } from '../../shared/i18n';
import type { Engine } from '../../main/core/engine';
import { makeHome } from '../helpers/temp';
import { useEngineFixture } from '../helpers/engine-fixture';
import { nextEvent, unwrap } from '../helpers/engine';
import { newTag, testServerEntry, writeMcpJson } from './helpers';

const fx = useEngineFixture({ engine: { env: { PATH: process.env.PATH }, approvals: 'ask' } });

const HAN = /[\u4e00-\u9fff]/;

async function open(servers: (tag: string, log: string) => Record<string, unknown>): Promise<{ engine: Engine; home: string }> {
  const home = makeHome('http://127.0.0.1:9/v1');
  const tag = newTag();
  writeMcpJson(join(home, 'mcp.json'), servers(tag, join(home, 'log')));
  const engine = await fx.open({ home });
  return { engine, home };
}

/** The sentence's English is the string beside it, and 简体中文 renders it in Chinese. */
function expectSentence(m: Msg | undefined, text: string | null, key: string): Msg {
  expect(m?.key).toBe(key);
  expect(english(m!)).toBe(text);
  expect(render('zh-CN', m!)).toMatch(HAN);
  return m!;
}

it('a server that exits: the state event and mcp.list carry the failure as data, its stderr kept as it wrote it', async () => {
  const { engine: e } = await open((tag, log) => ({ test: testServerEntry(tag, log) }));
  unwrap(await e.handlers['mcp.tools']({ server: 'test' }));
  const failedEvent = nextEvent(e, 'mcp_server_state', (x) => x.server === 'test' && x.state === 'failed');
  const crashed = unwrap(await e.handlers['mcp.call']({ server: 'test', tool: 'crash', input: {} }));
  expect(crashed.ok).toBe(false);

  const event = await failedEvent;
  expect(event.error).toBe('the server exited with code 3; its last stderr lines: test server ready | about to crash on purpose');
  const m = expectSentence(event.errorMsg, event.error, 'notices.mcp.exited');
  const zh = render('zh-CN', m);
  expect(zh).toContain('about to crash on purpose');
  expect(zh).not.toContain('exited with code');

  const listed = unwrap(await e.handlers['mcp.list']({})).servers.find((s) => s.name === 'test')!;
  expect(listed.state).toBe('failed');
  expectSentence(listed.errorMsg, listed.error, 'notices.mcp.exited');
});

it('a server that cannot start: its failure is data, what the system said stays a value', async () => {
  const { engine: e } = await open(() => ({ broken: { command: '/nonexistent/mcp-server' } }));
  const failedEvent = nextEvent(e, 'mcp_server_state', (x) => x.server === 'broken' && x.state === 'failed');
  const view = unwrap(await e.handlers['mcp.tools']({ server: 'broken' }));
  expect(view.state).toBe('failed');
  const m = expectSentence(view.errorMsg, view.error, 'notices.mcp.couldNotStart');
  expect(view.error).toMatch(/^could not start: .*ENOENT/);
  expect(render('zh-CN', m)).toMatch(/ENOENT/);
  const event = await failedEvent;
  expect(event.errorMsg).toEqual(view.errorMsg);

  // A call finds it failed: the refusal the model reads nests the same failure.
  const call = unwrap(await e.handlers['mcp.call']({ server: 'broken', tool: 'echo', input: {} }));
  expect(call.ok).toBe(false);
  expect(call.output).toMatch(/^the MCP server "broken" could not start: could not start: .*ENOENT/);

  // A server that stops running clears its failure: a started state carries no stale sentence.
  const started = nextEvent(e, 'mcp_server_state', (x) => x.server === 'broken' && x.state === 'starting');
  void e.handlers['mcp.restart']({ server: 'broken' });
  const again = await started;
  expect(again.error).toBeNull();
  expect(again.errorMsg).toBeUndefined();
});

it('mcp refusals are data: a server not configured, and a call the policy blocks', async () => {
  const { engine: e, home } = await open((tag, log) => ({ test: testServerEntry(tag, log) }));
  const missing = await e.handlers['mcp.tools']({ server: 'nope' });
  expect(missing.ok).toBe(false);
  if (!missing.ok) {
    expect(missing.error.message).toBe(`No MCP server named "nope" is configured in the user's mcp.json.`);
    expectSentence(missing.error.msg, missing.error.message, 'notices.request.noMcpServer');
  }

  writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { deny: ['mcp__test__echo'] } }));
  const denied = await e.handlers['mcp.call']({ server: 'test', tool: 'echo', input: { text: 'x' } });
  expect(denied.ok).toBe(false);
  if (!denied.ok) {
    expect(denied.error.message).toBe('refused by policy: mcp__test__echo is denied by mcp__test__echo (rule mcp__test__echo from user settings).');
    const m = expectSentence(denied.error.msg, denied.error.message, 'notices.error.refusedByPolicyRule');
    expect(render('zh-CN', m)).not.toContain('refused by policy');
  }
});
