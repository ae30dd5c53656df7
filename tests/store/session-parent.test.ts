import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('migration 016 (the parent of a child session)', () => {
  it('reads sessions made before as top-level and stores a child\'s parent', () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    const before = migrations.findIndex((m) => m.version === 16);
    expect(migrate(db, migrations.slice(0, before))).toBe(15);
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'ref001', '/w', 'now')`).run();
    db.close();

    const { store, db: opened } = openStore(file); // opening migrates to the latest version
    expect(store.sessions.get('s1')?.parent_id).toBeNull();
    const top = store.sessions.create({ workspace: '/w', name: null, mode: null });
    expect(store.sessions.get(top.id)?.parent_id).toBeNull();
    const child = store.sessions.create({ workspace: '/w', name: 'child', mode: null, parent: 's1' });
    expect(child.parent_id).toBe('s1');
    expect(store.sessions.get(child.id)?.parent_id).toBe('s1');
    // The column references sessions.id: a parent that is not a session is refused by SQLite itself.
    expect(() => store.sessions.create({ workspace: '/w', name: null, mode: null, parent: 'nope' })).toThrow(/FOREIGN KEY/);
    expect(opened.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(16);
    store.close();
  });
});
