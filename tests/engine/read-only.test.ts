import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openReadOnlyEngine, type ReadOnlyEngine } from '../../main/core/engine';
import { migrate, migrations } from '../../main/core/store/migrations';
import { openEngineLink } from '../../main/cli/engine-link';
import { tempDir } from '../helpers/temp';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { BIN } from '../helpers/cli';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'held', steps: [{ content: 'done holding', gate: 'hold' }] },
      { when: 'note', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'n.txt', content: 'x\n' } }] }, { content: 'noted' }] },
    ],
  },
});
const open: ReadOnlyEngine[] = [];
let cli: ChildProcess | null = null;

// Registered after the fixture, so it runs while the scripted server is still up.
afterEach(async () => {
  for (const r of open.splice(0)) await r.close();
  if (cli && cli.exitCode === null) {
    fx.server.openGate('hold');
    await new Promise((r) => cli?.once('close', r));
  }
  cli = null;
});

function readOnly(home: string): ReadOnlyEngine {
  const r = openReadOnlyEngine({ home, env: {} });
  if (!r.ok) throw new Error(r.error.message);
  open.push(r.value);
  return r.value;
}

/** What a read must leave as it was: the database file (size and mtime), and no lock. */
function fileState(home: string) {
  const db = statSync(join(home, 'paragents.db'));
  return { size: db.size, mtimeMs: db.mtimeMs, lock: existsSync(join(home, 'engine.lock')) };
}

/** A data folder whose engine has closed: one session with a finished prompt and a journal entry. */
async function folderWithHistory(): Promise<{ home: string; ws: string }> {
  const home = fx.home();
  const ws = tempDir();
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'notes' }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'note' }));
  expect(await settled(engine, p.id)).toBe('completed');
  await fx.close(engine);
  return { home, ws };
}

describe('openReadOnlyEngine with no engine running', () => {
  it('answers the reads from the database and changes nothing: no lock, same file, no recovery', async () => {
    const { home, ws } = await folderWithHistory();
    // A turn left `running` by a process that died: only an engine that holds the folder may mark it interrupted.
    const raw = new Database(join(home, 'paragents.db'));
    raw.prepare(`UPDATE prompts SET status = 'running', finished_at = NULL`).run();
    raw.close();
    const before = fileState(home);
    expect(before.lock).toBe(false);

    const r = readOnly(home);
    expect(r.remote).toBe(false);
    const [listed] = unwrap(await r.handlers['session.list']({}));
    expect(listed).toMatchObject({ name: 'notes', workspace: ws });
    // No live engine holds the folder: the turn the dead process left `running` reads `interrupted` (stored as it was).
    expect(listed?.status).toBe('interrupted');
    const detail = unwrap(await r.handlers['session.get']({ session: 'notes' }));
    expect(detail.status).toBe('interrupted');
    expect(detail.prompts.map((p) => p.status)).toEqual(['interrupted']);
    const events = unwrap(await r.handlers['session.events']({ session: 'notes' }));
    expect(events.some((e) => e.type === 'turn_completed')).toBe(true);
    const journal = unwrap(await r.handlers['journal.list']({ session: 'notes' }));
    expect(journal.map((j) => [j.tool, j.sessionRef])).toEqual([['Write', listed?.ref]]);
    expect(unwrap(await r.handlers['approval.list']({}))).toEqual([]);
    expect(unwrap(await r.handlers['config.get']({})).providers.map((p) => p.name)).toEqual(['scripted']);
    const read = unwrap(await r.handlers['policy.check']({ session: 'notes', tool: 'Read', input: { path: 'n.txt' } }));
    expect(read.decision).toBe('auto_approved');
    const bash = unwrap(await r.handlers['policy.check']({ workspace: ws, tool: 'Bash', input: { command: 'rm -rf build' } }));
    expect(bash.decision).toBe('needs_approval');

    // Requests that write are refused, naming the request.
    const refused = await r.handlers['session.create']({ workspace: ws });
    expect(!refused.ok && refused.error).toMatchObject({ kind: 'invalid_state', message: expect.stringMatching(/^session\.create needs the data folder; /) });
    const cancel = await r.handlers['prompt.cancel']({ prompt: detail.prompts[0]?.id ?? '' });
    expect(!cancel.ok && cancel.error.message).toMatch(/^prompt\.cancel needs the data folder/);
    await r.close();
    open.length = 0;

    expect(fileState(home)).toEqual(before);
    // SQLite's WAL mode needs its -wal and -shm files even to read; the -wal it makes for that stays empty.
    const wal = join(home, 'paragents.db-wal');
    if (existsSync(wal)) expect(statSync(wal).size).toBe(0);
    // The next engine still finds the turn as the dead process left it, and recovers it itself.
    const engine = await fx.open({ home, recover: false });
    expect(unwrap(await engine.handlers['session.get']({ session: 'notes' })).prompts[0]?.status).toBe('interrupted');
  });

  it('a prompt stored waiting for an approval reads `interrupted` with no live engine, as stored while one holds the folder', async () => {
    const { home } = await folderWithHistory();
    const raw = new Database(join(home, 'paragents.db'));
    raw.prepare(`UPDATE prompts SET status = 'waiting_approval', finished_at = NULL`).run();
    raw.close();
    const r = readOnly(home);
    expect(unwrap(await r.handlers['session.list']({})).map((s) => s.status)).toEqual(['interrupted']);
    expect(unwrap(await r.handlers['session.get']({ session: 'notes' })).prompts.map((p) => p.status)).toEqual(['interrupted']);

    // A lock naming a live process (this one): that engine runs the turn, so its status stands.
    writeFileSync(join(home, 'engine.lock'), String(process.pid));
    expect(unwrap(await r.handlers['session.list']({})).map((s) => s.status)).toEqual(['waiting_approval']);
    expect(unwrap(await r.handlers['session.get']({ session: 'notes' })).prompts.map((p) => p.status)).toEqual(['waiting_approval']);
    // A lock left by a process that is gone holds nothing.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(home, 'engine.lock'), gone.stdout);
    expect(unwrap(await r.handlers['session.list']({})).map((s) => s.status)).toEqual(['interrupted']);
  });

  it('a folder without a database has no sessions yet: empty answers, and no file or lock is created', async () => {
    const home = fx.home();
    const r = readOnly(home);
    expect(unwrap(await r.handlers['session.list']({ includeClosed: true }))).toEqual([]);
    expect(unwrap(await r.handlers['journal.list']({}))).toEqual([]);
    expect(unwrap(await r.handlers['session.events']({}))).toEqual([]);
    const missing = await r.handlers['session.get']({ session: 'nope' });
    expect(!missing.ok && missing.error).toMatchObject({ kind: 'not_found', message: 'session not found: "nope"' });
    await r.close();
    open.length = 0;
    expect(existsSync(join(home, 'paragents.db'))).toBe(false);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });

  it('a database older than this code is not migrated: the error says to open the folder normally', () => {
    const home = fx.home();
    const file = join(home, 'paragents.db');
    const db = new Database(file);
    migrate(db, migrations.slice(0, -1));
    db.close();
    const before = readFileSync(file);

    const r = openReadOnlyEngine({ home, env: {} });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.fallBack).toBe(true);
    expect(r.error.message).toMatch(/has schema version \d+ and this Paragents needs \d+; a read-only open cannot migrate it/);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });

  it("openEngineLink for a read opens the folder read-only (no lock); an old schema makes it host the engine", async () => {
    const { home } = await folderWithHistory();
    const io = { stdin: process.stdin, stdout: () => undefined, stderr: () => undefined, env: {}, home };
    const link = unwrap(await openEngineLink(io, { purpose: 'read' }));
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    expect(unwrap(await link.handlers['session.list']({})).map((s) => s.name)).toEqual(['notes']);
    await link.close();

    const old = fx.home();
    const db = new Database(join(old, 'paragents.db'));
    migrate(db, migrations.slice(0, -1));
    db.close();
    const hosted = unwrap(await openEngineLink({ ...io, home: old }, { purpose: 'read', engine: { recover: false } }));
    // Hosted: this process holds the folder now, and opening it migrated the database.
    expect(readFileSync(join(old, 'engine.lock'), 'utf8')).toBe(String(process.pid));
    expect(unwrap(await hosted.handlers['session.list']({}))).toEqual([]);
    await hosted.close();
    expect(existsSync(join(old, 'engine.lock'))).toBe(false);
  });
});

describe('openReadOnlyEngine beside a command that holds the folder', () => {
  it('lists the sessions of a `paragents run` whose turn waits at a model gate, without its lock', async () => {
    const home = fx.home();
    const ws = tempDir();
    cli = spawn(process.execPath, [BIN, 'run', '--workspace', ws, '--prompt', 'held', '--session', 'busy', '--approve', 'all'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    cli.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    cli.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => cli?.once('close', (code) => r(code)));
    await fx.server.reached('hold');
    const holder = readFileSync(join(home, 'engine.lock'), 'utf8');
    expect(holder).toBe(String(cli.pid));

    const r = readOnly(home);
    const sessions = unwrap(await r.handlers['session.list']({}));
    expect(sessions.map((s) => [s.name, s.workspace])).toEqual([['busy', ws]]);
    expect(unwrap(await r.handlers['session.get']({ session: 'busy' })).prompts.map((p) => p.status)).toEqual(['running']);
    // The command's lock is untouched, and it goes on to finish its turn.
    expect(readFileSync(join(home, 'engine.lock'), 'utf8')).toBe(holder);
    fx.server.openGate('hold');
    expect(await exited).toBe(0);
    expect(out).toMatch(/done holding/);
    // Read after the writer closed: the read-only connection sees the finished turn.
    expect(unwrap(await r.handlers['session.get']({ session: 'busy' })).prompts.map((p) => p.status)).toEqual(['completed']);
  });
});
