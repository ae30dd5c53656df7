// The data folder holds every transcript (paragents.db and its -wal/-shm): other local users must not read it.
// A new folder is made 0700 and the database files 0600 whatever the umask; an existing folder whose database
// files are readable by others is tightened when it is opened, and that is said once.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createEngine } from '../../main/core/engine';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { BIN, outputOf, runCli, type CliRun } from '../helpers/cli';
import { unwrap } from '../helpers/engine';

afterAll(() => cleanupTempDirs());

const modeOf = (path: string): number => statSync(path).mode & 0o777;
const DB_FILES = ['paragents.db', 'paragents.db-wal', 'paragents.db-shm'];

/** `paragents ARGS` under the umask `mask` (a real shell sets it, then runs the bin). */
function runWithUmask(mask: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  return outputOf(
    spawn('sh', ['-c', `umask ${mask} && exec "$0" "$@"`, process.execPath, BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/**
 * A folder as an older Paragents left it after a crash: 0755, with paragents.db and its -wal and -shm 0644 (copied
 * while a connection still had them open, so all three are there).
 */
async function looseFolder(): Promise<string> {
  const made = tempDir();
  const engine = await createEngine({ home: made, env: {}, recover: false });
  unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'secret' }));
  await engine.close();
  const raw = new Database(join(made, 'paragents.db'));
  raw.pragma('wal_autocheckpoint = 0');
  raw.prepare(`UPDATE sessions SET name = 'still secret'`).run();
  const home = join(tempDir(), 'old-home');
  cpSync(made, home, { recursive: true, filter: (source) => !source.endsWith('engine.lock') });
  raw.close();
  chmodSync(home, 0o755);
  for (const name of DB_FILES) chmodSync(join(home, name), 0o644);
  return home;
}

describe('file modes of the data folder', () => {
  let model: ModelServer | null = null;
  const umask = process.umask();
  afterEach(async () => {
    process.umask(umask);
    vi.restoreAllMocks();
    await model?.close();
    model = null;
  });

  it('a new data folder is 0700 and the database, its -wal and -shm are 0600, even under umask 000', async () => {
    process.umask(0o000);
    const home = join(tempDir(), 'fresh', 'home');
    const engine = await createEngine({ home, env: {}, recover: false });
    try {
      unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'private' }));
      expect(modeOf(home)).toBe(0o700);
      for (const name of DB_FILES) expect([name, modeOf(join(home, name))]).toEqual([name, 0o600]);
      // Nothing else the engine made there is open to others either.
      for (const name of readdirSync(home)) expect([name, modeOf(join(home, name)) & 0o077]).toEqual([name, 0]);
    } finally {
      await engine.close();
    }
  });

  it('`paragents run` into a folder that does not exist yet makes it 0700 and its database 0600 (umask 000)', async () => {
    model = await startModelServer({ script: { rules: [] } });
    const home = join(tempDir(), 'new-home');
    const ran = await runWithUmask('000', ['run', '--workspace', tempDir(), '--prompt', 'hi', '--approve', 'all'], {
      PARAGENTS_HOME: home,
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'test-key',
      PARAGENTS_MODEL: 'scripted-model',
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(modeOf(home)).toBe(0o700);
    expect(modeOf(join(home, 'paragents.db'))).toBe(0o600);
  });

  it('an engine opening a folder whose database files others can read makes them 0600 and says so once', async () => {
    const home = await looseFolder();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const engine = await createEngine({ home, env: {}, recover: false });
    try {
      for (const name of DB_FILES) if (existsSync(join(home, name))) expect([name, modeOf(join(home, name))]).toEqual([name, 0o600]);
      expect(unwrap(await engine.handlers['session.list']({})).map((s) => s.name)).toEqual(['still secret']);
    } finally {
      await engine.close();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`the database files in ${home} (paragents.db, paragents.db-wal, paragents.db-shm)`);

    const again = await createEngine({ home, env: {}, recover: false });
    await again.close();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a command on such a folder makes them 0600 and prints one sentence about it, the first time only', async () => {
    const home = await looseFolder();
    const first = await runCli(['sessions', 'list'], { home });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/still secret/);
    const lines = first.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(home);
    expect(lines[0]).toMatch(/0600/);
    for (const name of DB_FILES) expect([name, modeOf(join(home, name))]).toEqual([name, 0o600]);

    const second = await runCli(['sessions', 'list'], { home });
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
  });
});
