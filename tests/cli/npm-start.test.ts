import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from '../../main/electron/electron-binary';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { fileWritten } from '../helpers/wait-file';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  cleanupTempDirs();
});

/** Starts `npm start`'s script and resolves with the URL it prints (and what it said on stderr by then). */
function startApp(env: Record<string, string>): Promise<{ url: string; stderr: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(stdout)?.[0];
      if (url) resolve({ url, stderr, child });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited ${code} before printing a URL\n${stdout}\n${stderr}`)));
  });
}

const exited = (child: ChildProcess): Promise<number | null> => new Promise((r) => child.once('exit', (code) => r(code)));

describe('npm start where no Electron window can open', () => {
  it('says why in one sentence, serves the panel and opens the default browser on its URL', async () => {
    const home = tempDir();
    const bin = tempDir();
    const opened = join(bin, 'opened.txt');
    // A stand-in for the desktop's default browser: records the URL it was asked to open.
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const hasElectron = findElectronBinary(ROOT).installed;
    const env: Record<string, string> = { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, PARAGENTS_HOME: home };
    // With a display, only a missing Electron binary sends it to the browser host.
    if (!hasElectron) env.DISPLAY = ':99';
    const { url, stderr, child } = await startApp(env);
    expect(stderr).toMatch(/^Paragents cannot open the desktop window because (the Electron binary is not installed|there is no display)[^\n]*; starting the browser host instead/);
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBeLessThan(400);
    if (!hasElectron) {
      expect(await fileWritten(opened, (text) => text !== '')).toBe(url);
    }
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
  }, 120_000);

  it('without a display it still serves, and opens nothing', async () => {
    const home = tempDir();
    const bin = tempDir();
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const { url, stderr, child } = await startApp({ PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: home, PARAGENTS_HOME: home });
    expect(stderr).toContain('; starting the browser host instead');
    expect((await fetch(url, { redirect: 'manual' })).status).toBeLessThan(400);
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    expect(existsSync(opened)).toBe(false);
  }, 120_000);
});
