// `paragents sandbox status` and `paragents policy check` with the real bin: the settings in force, whether
// commands run confined, what they may touch; without bubblewrap on PATH, what is missing and how to install it;
// and a command the sandbox allows reported as auto_approved by the sandbox.
import { afterEach, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onPath } from '../../main/core/sandbox/availability';
import { runCli } from '../helpers/cli';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

function setUp(sandbox: Record<string, unknown>): { home: string; ws: string } {
  const home = tempDir('paragents-home-');
  const ws = tempDir('paragents-ws-');
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox, permissions: { deny: ['Read(~/.ssh/**)'] } }));
  return { home, ws };
}

/** A PATH holding node and the sandbox's programs except those left out. */
function pathWithout(...left: string[]): string {
  const dir = tempDir('paragents-path-');
  for (const p of ['node', 'bwrap', 'socat', 'rg'].filter((x) => !left.includes(x))) symlinkSync(onPath(p, process.env) as string, join(dir, p));
  return dir;
}

it('shows the settings in force and what a workspace\'s commands may touch', async () => {
  const { home, ws } = setUp({ enabled: true, excludedCommands: ['docker *'], network: { allowedDomains: ['registry.npmjs.org'] } });
  const r = await runCli(['sandbox', 'status', '--workspace', ws, '--json'], { home, env: { HOME: home } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const s = JSON.parse(r.stdout);
  expect(s).toMatchObject({ available: true, enabled: true, enabledSource: 'user', mode: 'auto-allow', sandboxed: true, workspace: ws });
  expect(s.excludedCommands).toEqual(['docker *']);
  expect(s.writeRoots).toContain(ws);
  expect(s.denyRead).toContain(join(home, '.ssh/**'));
  expect(s.allowedDomains).toEqual(['registry.npmjs.org']);
  expect(s).not.toHaveProperty('reasonMsg');
  const text = await runCli(['sandbox', 'status', '--workspace', ws], { home, env: { HOME: home } });
  expect(text.stdout).toContain(`Commands in ${ws} run confined: yes`);
});

it('without bwrap on PATH says what is missing and the command that installs it', async () => {
  const { home, ws } = setUp({ enabled: true });
  const r = await runCli(['sandbox', 'status', '--workspace', ws], { home, env: { HOME: home, PATH: pathWithout('bwrap') } });
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Sandbox: not available. The sandbox needs bwrap, which this machine does not have: install with `sudo apt-get install -y bubblewrap`.');
  expect(r.stdout).toContain(`Commands in ${ws} run confined: no`);
});

it('policy check reports a command the sandbox allows as auto_approved by the sandbox', async () => {
  const { home, ws } = setUp({ enabled: true });
  mkdirSync(join(ws, 'src'));
  const r = await runCli(['policy', 'check', '--workspace', ws, '--tool', 'Bash', '--input', JSON.stringify({ command: 'npm test' })], { home, env: { HOME: home } });
  expect(r.stderr).toBe('');
  expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'auto_approved', source: 'sandbox' });
});

it('a bad sandbox value in a settings file is one sentence naming the file and the key', async () => {
  const home = tempDir('paragents-home-');
  const ws = tempDir('paragents-ws-');
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox: { enabled: 'yes' } }));
  const r = await runCli(['policy', 'check', '--workspace', ws, '--tool', 'Bash', '--input', JSON.stringify({ command: 'ls' })], { home, env: { HOME: home } });
  expect(r.stderr).toContain(`${join(home, 'settings.json')}: sandbox.enabled must be true or false`);
});
