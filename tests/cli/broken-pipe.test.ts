// `paragents sessions list | head -1`: the reader goes away after one line. The command ends quietly (no EPIPE stack
// trace) and its work is not cut short by an exception.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/core/engine';
import { Store } from '../../main/core/store/store';
import { BIN } from '../helpers/cli';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

it('sessions list into a pipe closed after its first line ends with status 0 and nothing on stderr', async () => {
  const home = tempDir();
  const store = new Store(join(home, DATABASE_FILE));
  // Far more than a pipe's buffer, so writes go on after the reader has gone.
  for (let i = 0; i < 2000; i++) store.sessions.create({ workspace: join(home, 'ws'), name: `session-${i}`, mode: 'default' });
  store.close();

  const child = spawn(process.execPath, [BIN, 'sessions', 'list'], { env: { PATH: process.env.PATH ?? '', PARAGENTS_HOME: home, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const first = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString('utf8'))));
  child.stdout.destroy(); // the reader is gone, as when `head -1` exits
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

  expect(first).toMatch(/session-\d+/);
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 60_000);
