import { afterEach, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { EVERYTHING_SERVER, newTag, processesWith, testServerEntry, writeMcpJson } from './helpers';

afterEach(() => cleanupTempDirs());

function home(servers: (tag: string, log: string) => Record<string, unknown>): { home: string; tag: string } {
  const h = tempDir('paragents-home-');
  const tag = newTag();
  writeMcpJson(join(h, 'mcp.json'), servers(tag, join(h, 'server.log')));
  return { home: h, tag };
}

it('mcp list, tools and call work for people and CI, and the server is stopped when the command ends', async () => {
  const { home: h, tag } = home((tag, log) => ({
    test: testServerEntry(tag, log),
    everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
  }));
  const list = await runCli(['mcp', 'list'], { home: h });
  expect(list.code).toBe(0);
  expect(list.stdout).toMatch(/^test {2}stopped {2}\(user\) {2}.*mcp-test-server\.ts --tag mcp-tag-/m);
  expect(list.stdout).toMatch(/^everything {2}stopped {2}\(user\)/m);

  const tools = await runCli(['mcp', 'tools', 'test'], { home: h });
  expect(tools.code).toBe(0);
  expect(tools.stdout).toContain('mcp__test__echo [read-only]  Echoes the text back.');
  expect(tools.stdout).toContain('mcp__test__crash [destructive]');

  const call = await runCli(['mcp', 'call', 'everything', 'echo', '{"message":"from ci"}'], { home: h });
  expect(call).toMatchObject({ code: 0, stdout: 'Echo: from ci\n' });

  const failed = await runCli(['mcp', 'call', 'test', 'fail', '{}'], { home: h });
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain('paragents mcp call: it failed on purpose');

  const bad = await runCli(['mcp', 'call', 'test', 'echo', 'not json'], { home: h });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/the arguments must be one JSON object/);
  expect(processesWith(tag)).toEqual([]);
});

it('mcp call honours deny rules, and names a server that is not configured', async () => {
  const { home: h } = home((tag, log) => ({ test: testServerEntry(tag, log) }));
  writeFileSync(join(h, 'settings.json'), JSON.stringify({ permissions: { deny: ['mcp__test__echo'] } }));
  const denied = await runCli(['mcp', 'call', 'test', 'echo', '{"text":"x"}'], { home: h });
  expect(denied.code).toBe(2);
  expect(denied.stderr).toContain('paragents mcp call: refused by policy: mcp__test__echo is denied by mcp__test__echo (rule mcp__test__echo from user settings).');
  const missing = await runCli(['mcp', 'tools', 'nope'], { home: h });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`No MCP server named "nope" is configured in the user's mcp.json.`);
});

it('mcp approve shows the project server\'s command line and asks before approving it', async () => {
  const h = tempDir('paragents-home-');
  const ws = tempDir();
  const tag = newTag();
  writeMcpJson(join(ws, '.mcp.json'), { proj: testServerEntry(tag, join(ws, 'log')) });
  mkdirSync(join(ws, '.paragents'));
  expect((await runCli(['workspace', 'trust', ws], { home: h })).code).toBe(0);

  const no = await runCli(['mcp', 'approve', 'proj', '--workspace', ws], { home: h, input: 'n\n' });
  expect(no.code).toBe(1);
  expect(no.stdout).toContain(`The project server "proj" of ${join(ws, '.mcp.json')} runs:`);
  expect(no.stdout).toContain(`--tag ${tag}`);

  const yes = await runCli(['mcp', 'approve', 'proj', '--workspace', ws], { home: h, input: 'y\n' });
  expect(yes.code).toBe(0);
  expect(yes.stdout).toContain('proj: approved (it runs)');
  const call = await runCli(['mcp', 'call', 'proj', 'echo', '{"text":"ok"}', '--workspace', ws], { home: h });
  expect(call).toMatchObject({ code: 0, stdout: 'echo: ok\n' });
});
