import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { InstructionsTracker } from '../../main/core/context/instructions-tracker';
import { loadInstructions } from '../../main/core/context/instructions';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('InstructionsTracker', () => {
  it('announces new text once per session, remembers it across a restart, and announces a change', () => {
    const dir = tempDir();
    const ws = tempDir();
    const home = tempDir();
    const file = join(dir, 'paragents.db');
    let { store, db } = openStore(file);
    const s = store.sessions.create({ workspace: ws, name: null, mode: 'default' });
    const other = store.sessions.create({ workspace: ws, name: null, mode: 'default' });
    let tracker = new InstructionsTracker(db);

    // No files: nothing to announce.
    expect(tracker.use(s.id, null, loadInstructions({ workspace: ws, home }))).toBeNull();

    writeFileSync(join(ws, 'AGENTS.md'), 'run the tests first');
    const first = loadInstructions({ workspace: ws, home });
    const event = tracker.use(s.id, 'p1', first);
    expect(event).toEqual({
      type: 'instructions_changed',
      sessionId: s.id,
      promptId: 'p1',
      sources: [{ path: join(ws, 'AGENTS.md'), bytes: 19, truncated: false }],
      hash: first.hash,
    });
    expect(tracker.use(s.id, 'p2', first)).toBeNull();
    // Each session keeps its own record.
    expect(tracker.use(other.id, 'p3', first)?.hash).toBe(first.hash);

    // A restart reads the recorded hash: the same text is not announced again.
    store.close();
    ({ store, db } = openStore(file));
    tracker = new InstructionsTracker(db);
    expect(tracker.lastHash(s.id)).toBe(first.hash);
    expect(tracker.use(s.id, 'p4', loadInstructions({ workspace: ws, home }))).toBeNull();

    writeFileSync(join(ws, 'AGENTS.md'), 'run the tests first, then lint');
    const changed = tracker.use(s.id, 'p5', loadInstructions({ workspace: ws, home }));
    expect(changed?.hash).not.toBe(first.hash);
    expect(changed?.sources[0]?.bytes).toBe(30);

    // Removing the file is a change too (to no instructions).
    writeFileSync(join(ws, 'AGENTS.md'), '');
    expect(tracker.use(s.id, 'p6', loadInstructions({ workspace: ws, home }))).toMatchObject({ sources: [], hash: '' });

    // A fork starts from its source's record.
    writeFileSync(join(ws, 'AGENTS.md'), 'run the tests first');
    const fork = store.sessions.create({ workspace: ws, name: null, mode: 'default' });
    tracker.copy(other.id, fork.id);
    expect(tracker.use(fork.id, 'p7', loadInstructions({ workspace: ws, home }))).toBeNull();
    store.close();
  });
});

describe('migration 007 (session instructions)', () => {
  it('upgrades a version-4 database, keeping its sessions, and adds session_instructions', () => {
    const db = new Database(':memory:');
    const upTo4 = migrations.filter((m) => m.version <= 4);
    expect(migrate(db, upTo4)).toBe(4);
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'abc123', '/w', '2025-01-01T00:00:00Z')`).run();
    expect(migrate(db)).toBe(migrations.at(-1)?.version);
    expect(migrations.some((m) => m.version === 7)).toBe(true);
    const cols = (db.prepare('PRAGMA table_info(session_instructions)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(['session_id', 'hash', 'sources_json', 'updated_at']);
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    db.pragma('foreign_keys = ON');
    expect(() =>
      db.prepare(`INSERT INTO session_instructions (session_id, hash, sources_json, updated_at) VALUES ('nope', 'h', '[]', 't')`).run(),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
