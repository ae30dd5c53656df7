// The read-only commands on a data folder that cannot be written (a backup, a snapshot, another user's folder
// shared read-only): SQLite's WAL mode wants to create the -shm and -wal files beside the database even to read,
// which fails there; the commands must still read the sessions, and `config show` needs no database at all.
//
// How the folder is made unwritable: tests run as root, which ignores mode bits, so `chmod -R a-w` alone proves
// nothing. As root the commands run as `nobody` (setpriv, from a copy of the CLI nobody can read: other-user.ts)
// over a copy of the folder owned by root with modes 0755/0644, where writes really fail (checked first). A
// read-only tmpfs or bind mount would need privileges a container may not grant; setpriv works wherever root does.
// Run as another user, the copy is simply made read-only with chmod.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { BIN, jsonLines, outputOf, runCli, type CliRun } from '../helpers/cli';
import { nobodyCli, runningAsRoot } from '../helpers/other-user';
import { killCliProcesses, startCli } from './cli-process';

const asRoot = runningAsRoot();

let model: ModelServer;
beforeEach(async () => {
  model = await startModelServer({ script: { rules: [{ when: 'held', steps: [{ content: 'done holding', gate: 'hold' }] }] } });
});
afterEach(async () => {
  killCliProcesses();
  await model.close();
});
afterAll(() => cleanupTempDirs());

type Reader = { node: string[]; bin: string } | { skip: string };
let copy: Reader | null = null;

/**
 * Node as a user who cannot write the read-only copies (nobody when running as root), and the bin it runs: one copy
 * of the CLI for the file, made once (`sessions` and `config` load the same packages; a missing one would fail
 * loudly, not pass).
 */
function reader(): Reader {
  if (!asRoot) return { node: [process.execPath], bin: BIN };
  if (copy) return copy;
  const cli = nobodyCli('sessions');
  copy = cli.ok ? { node: cli.command, bin: cli.bin } : { skip: cli.reason };
  return copy;
}

function spawnAs(argv: string[], folder: string): Promise<CliRun> {
  return outputOf(
    spawn(argv[0] as string, argv.slice(1), {
      env: { PATH: process.env.PATH ?? '', HOME: folder, PARAGENTS_HOME: folder },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

let as: { node: string[]; bin: string };
const paragents = (args: string[], folder: string): Promise<CliRun> => spawnAs([...as.node, as.bin, ...args], folder);

/**
 * A copy of `home` that the reader cannot write: a folder 0755 and files 0644 owned by root (or 0555/0444). The
 * endpoint folder `run/` is left out: it is the running engine's socket, and another user's one is refused on purpose
 * (endpoint-client.ts) before any reading starts.
 */
function readOnlyCopy(home: string): string {
  const parent = tempDir('paragents-ro-');
  chmodSync(parent, 0o755);
  const copy = join(parent, 'home');
  cpSync(home, copy, { recursive: true, filter: (source) => source !== join(home, 'run') });
  for (const name of readdirSync(copy)) chmodSync(join(copy, name), asRoot ? 0o644 : 0o444);
  chmodSync(copy, asRoot ? 0o755 : 0o555);
  return copy;
}

/** Each file of the folder with its size and modification time: a read must leave them all as they were. */
function files(folder: string): Record<string, string> {
  return Object.fromEntries(readdirSync(folder).sort().map((n) => [n, `${statSync(join(folder, n)).size}@${statSync(join(folder, n)).mtimeMs}`]));
}

/** The reader really cannot create a file in the folder. */
async function expectUnwritable(folder: string): Promise<void> {
  const probe = await spawnAs([...as.node, '-e', 'require("node:fs").writeFileSync(process.argv[1], "")', join(folder, 'probe')], folder);
  expect(probe.code).not.toBe(0);
  expect(probe.stderr).toMatch(/EACCES|EROFS|EPERM/);
}

describe('read-only commands on a data folder that cannot be written', () => {
  // Copying the CLI for nobody takes a while on a busy machine: the hook gets more than the default time.
  beforeEach((ctx) => {
    const found = reader();
    if ('skip' in found) return ctx.skip(found.skip);
    as = found;
  }, 120_000);

  it('sessions list, sessions show and config show read a closed folder (no -wal or -shm beside the database)', async () => {
    const home = makeHome(model.url);
    const ws = tempDir();
    chmodSync(ws, 0o755);
    model.openGate('hold');
    const ran = await runCli(['run', '--workspace', ws, '--prompt', 'held', '--session', 'notes', '--approve', 'all'], { home });
    expect(ran.code).toBe(0);
    const folder = readOnlyCopy(home);
    expect(Object.keys(files(folder)).filter((n) => n.startsWith('paragents.db'))).toEqual(['paragents.db']);
    await expectUnwritable(folder);
    const before = files(folder);

    const listed = await paragents(['sessions', 'list', '--json'], folder);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(jsonLines(listed.stdout).map((s) => [s.name, s.status])).toEqual([['notes', 'completed']]);

    const shown = await paragents(['sessions', 'show', 'notes'], folder);
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/done holding/);

    const config = await paragents(['config', 'show'], folder);
    expect(config.stderr).toBe('');
    expect(config.code).toBe(0);
    expect(config.stdout).toMatch(/scripted/);

    expect(files(folder)).toEqual(before);
  });

  it('reads a folder left by a killed engine (its -wal and -shm beside the database) with the last turn interrupted', async () => {
    const home = makeHome(model.url);
    const ws = tempDir();
    chmodSync(ws, 0o755);
    const run = startCli(['run', '--workspace', ws, '--prompt', 'held', '--session', 'job', '--json'], { home });
    await run.waitFor('stdout', /"type":"turn_started"/);
    await model.reached('hold');
    run.child.kill('SIGKILL');
    await run.exited;
    const folder = readOnlyCopy(home);
    expect(Object.keys(files(folder)).filter((n) => n.startsWith('paragents.db')).sort()).toEqual(['paragents.db', 'paragents.db-shm', 'paragents.db-wal']);
    await expectUnwritable(folder);
    const before = files(folder);

    const listed = await paragents(['sessions', 'list', '--json'], folder);
    expect(listed.stderr).toBe('');
    expect(jsonLines(listed.stdout).map((s) => [s.name, s.status])).toEqual([['job', 'interrupted']]);
    const shown = await paragents(['sessions', 'show', 'job'], folder);
    expect(shown.stderr).toBe('');
    expect(shown.stdout.split('\n')[0]).toMatch(/interrupted/);
    expect(files(folder)).toEqual(before);
  });

  it('config show opens no database: it answers beside one that cannot be read at all', async () => {
    const home = makeHome(model.url);
    writeFileSync(join(home, 'paragents.db'), 'not a database');
    const folder = readOnlyCopy(home);
    await expectUnwritable(folder);

    const config = await paragents(['config', 'show', '--json'], folder);
    expect(config.stderr).toBe('');
    expect(config.code).toBe(0);
    expect((JSON.parse(config.stdout) as { providers: { name: string }[] }).providers.map((p) => p.name)).toEqual(['scripted']);
    // The sessions do need it, and say which file could not be read.
    const listed = await paragents(['sessions', 'list'], folder);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toContain(join(folder, 'paragents.db'));
    expect(readFileSync(join(folder, 'paragents.db'), 'utf8')).toBe('not a database');
  });
});
