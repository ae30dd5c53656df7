// `paragents sandbox on|off` with the real bin: it sets sandbox.enabled in the user's settings.json, keeping the
// file's other keys; `status` then reads it back from the user settings; managed settings that force the other
// value refuse it in one sentence naming their file, and the user's file is left as it was.
import { afterEach, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

const userFile = (home: string): string => join(home, 'settings.json');
const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

it('turns the sandbox on and off in the user settings, keeping the rest of the file', async () => {
  const home = tempDir('paragents-home-');
  writeFileSync(userFile(home), JSON.stringify({ permissions: { deny: ['Read(~/.ssh/**)'] }, sandbox: { excludedCommands: ['docker *'] } }));
  const on = await runCli(['sandbox', 'on'], { home, env: { HOME: home } });
  expect(on.stderr).toBe('');
  expect(on.code).toBe(0);
  expect(on.stdout).toContain(`Sandbox turned on in ${userFile(home)}.`);
  expect(read(userFile(home))).toEqual({ permissions: { deny: ['Read(~/.ssh/**)'] }, sandbox: { excludedCommands: ['docker *'], enabled: true } });
  const status = JSON.parse((await runCli(['sandbox', 'status', '--json'], { home, env: { HOME: home } })).stdout);
  expect(status).toMatchObject({ enabled: true, enabledSource: 'user' });

  const off = await runCli(['sandbox', 'off'], { home, env: { HOME: home } });
  expect(off.code).toBe(0);
  expect(off.stdout).toContain(`Sandbox turned off in ${userFile(home)}.`);
  expect(read(userFile(home))).toMatchObject({ sandbox: { excludedCommands: ['docker *'], enabled: false } });
});

it('creates the user settings file when there is none', async () => {
  const home = tempDir('paragents-home-');
  const r = await runCli(['sandbox', 'on'], { home, env: { HOME: home } });
  expect(r.code).toBe(0);
  expect(read(userFile(home))).toEqual({ sandbox: { enabled: true } });
});

it('is refused when managed settings force the other value, naming the managed file', async () => {
  const home = tempDir('paragents-home-');
  const managed = join(tempDir('paragents-managed-'), 'managed-settings.json');
  writeFileSync(managed, JSON.stringify({ sandbox: { enabled: true } }));
  writeFileSync(userFile(home), '{"sandbox":{"enabled":true}}');
  const r = await runCli(['sandbox', 'off'], { home, env: { HOME: home, PARAGENTS_MANAGED_SETTINGS: managed } });
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim()).toBe(`paragents sandbox: The managed settings (${managed}) set sandbox.enabled to true, which your own settings cannot change.`);
  expect(readFileSync(userFile(home), 'utf8')).toBe('{"sandbox":{"enabled":true}}');
  // The value they force is no change to refuse.
  expect((await runCli(['sandbox', 'on'], { home, env: { HOME: home, PARAGENTS_MANAGED_SETTINGS: managed } })).code).toBe(0);
});

it('leaves a settings file that is not JSON alone and says so', async () => {
  const home = tempDir('paragents-home-');
  writeFileSync(userFile(home), '{ not json');
  const r = await runCli(['sandbox', 'on'], { home, env: { HOME: home } });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`${userFile(home)} is not valid JSON`);
  expect(readFileSync(userFile(home), 'utf8')).toBe('{ not json');
});
