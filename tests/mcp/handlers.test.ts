import { expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { english, render, translate } from '../../shared/i18n';
import type { Engine } from '../../main/core/engine';
import { makeHome, tempDir } from '../helpers/temp';
import { useEngineFixture } from '../helpers/engine-fixture';
import { nextEvent, recordEvents, unwrap } from '../helpers/engine';
import { isAlive, newTag, processesWith, testServerEntry, writeMcpJson } from './helpers';

const fx = useEngineFixture({ engine: { env: { PATH: process.env.PATH }, approvals: 'ask' } });

async function open(): Promise<{ engine: Engine; tag: string; home: string }> {
  const home = makeHome('http://127.0.0.1:9/v1');
  const tag = newTag();
  writeMcpJson(join(home, 'mcp.json'), { test: testServerEntry(tag, join(home, 'log')) });
  const engine = await fx.open({ home });
  return { engine, tag, home };
}

it('restart gives the server a new process; turning it off stops it and keeps it off, also after a restart of the engine', async () => {
  const { engine: e, tag, home } = await open();
  const events = recordEvents(e);
  const started = unwrap(await e.handlers['mcp.tools']({ server: 'test' }));
  expect(started).toMatchObject({ state: 'ready', standing: 'usable', enabled: true });
  const first = started.pid as number;
  expect(events.some((x) => x.type === 'mcp_server_state' && x.server === 'test' && x.state === 'ready' && x.sessionId === '')).toBe(true);

  const restarted = unwrap(await e.handlers['mcp.restart']({ server: 'test' }));
  expect(restarted.state).toBe('ready');
  expect(restarted.pid).not.toBe(first);
  expect(isAlive(first)).toBe(false);

  const off = unwrap(await e.handlers['mcp.setEnabled']({ server: 'test', enabled: false }));
  expect(off).toMatchObject({ enabled: false, standing: 'disabled', state: 'stopped' });
  expect(processesWith(tag)).toEqual([]);
  const refused = await e.handlers['mcp.call']({ server: 'test', tool: 'echo', input: { text: 'x' } });
  expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_state', message: 'The MCP server "test" does not run: the server "test" is turned off.' } });
  if (!refused.ok) {
    expect(english(refused.error.msg!)).toBe(refused.error.message);
    expect(render('zh-CN', refused.error.msg!)).toContain(translate('zh-CN', 'notices.mcp.turnedOff', { name: 'test' }));
  }

  await fx.close(e);
  const engine = await fx.open({ home });
  expect(unwrap(await engine.handlers['mcp.list']({})).servers[0]).toMatchObject({ name: 'test', enabled: false, standing: 'disabled' });
  const on = unwrap(await engine.handlers['mcp.setEnabled']({ server: 'test', enabled: true }));
  expect(on).toMatchObject({ enabled: true, standing: 'usable' });
});

it('tool hints never relax a rule: a read-only MCP tool is blocked in plan mode and asked about by default', async () => {
  const { engine: e } = await open();
  const ws = tempDir();
  const plan = unwrap(await e.handlers['policy.check']({ workspace: ws, tool: 'mcp__test__echo', input: { text: 'x' }, mode: 'plan' }));
  expect(plan.decision).toBe('blocked');
  const ask = unwrap(await e.handlers['policy.check']({ workspace: ws, tool: 'mcp__test__echo', input: { text: 'x' } }));
  expect(ask).toMatchObject({ decision: 'needs_approval', source: 'mode' });
});

it('mcp.list reports configuration problems in one sentence naming the file and the field', async () => {
  const { engine: e, home } = await open();
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { good: { command: 'x' }, bad: { command: 'x', args: [1] } } }));
  const listed = unwrap(await e.handlers['mcp.list']({}));
  expect(listed.servers.map((s) => s.name)).toEqual(['good']);
  expect(listed.problems).toMatchObject([{ file: join(home, 'mcp.json'), server: 'bad', message: `${join(home, 'mcp.json')}: mcpServers.bad.args must be an array of strings` }]);
  // The sentence as data: its English is the message, and 简体中文 names the same file and field.
  const problem = listed.problems[0]!;
  expect(english(problem.msg!)).toBe(problem.message);
  const field = translate('zh-CN', 'notices.mcpConfig.stringArray', { field: 'mcpServers.bad.args' });
  expect(render('zh-CN', problem.msg!)).toBe(translate('zh-CN', 'notices.mcpConfig.inFile', { file: join(home, 'mcp.json'), message: field }));
  expect(field).toMatch(/[\u4e00-\u9fff]/);
  const stateChange = nextEvent(e, 'mcp_server_state', (x) => x.server === 'good' && x.state === 'failed');
  const failed = unwrap(await e.handlers['mcp.tools']({ server: 'good' }));
  expect(failed.state).toBe('failed');
  expect((await stateChange).error).toMatch(/could not start/);
});
