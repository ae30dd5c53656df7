import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('migration 009 (the mode a person chose)', () => {
  it("reads a stored 'default' as not chosen and keeps any other mode as a person's pick", () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    const before = migrations.findIndex((m) => m.version === 9);
    const older = migrations[before - 1]?.version ?? 0;
    expect(migrate(db, migrations.slice(0, before))).toBe(older);
    const insert = db.prepare(`INSERT INTO sessions (id, ref, workspace, mode, created_at) VALUES (?, ?, '/w', ?, 'now')`);
    insert.run('s1', 'ref001', 'default');
    insert.run('s2', 'ref002', 'plan');
    insert.run('s3', 'ref003', 'acceptEdits');
    db.close();

    const { store, db: opened } = openStore(file); // opening migrates to the latest version
    expect(store.sessions.get('s1')?.chosen_mode).toBeNull();
    expect(store.sessions.get('s2')?.chosen_mode).toBe('plan');
    expect(store.sessions.get('s3')?.chosen_mode).toBe('acceptEdits');
    expect(opened.prepare(`SELECT name FROM pragma_table_info('sessions') WHERE name = 'mode'`).all()).toEqual([]);

    // New sessions store no mode until a person picks one; a pick can be taken back.
    const fresh = store.sessions.create({ workspace: '/w', name: null, mode: null });
    expect(store.sessions.get(fresh.id)?.chosen_mode).toBeNull();
    store.sessions.setMode(fresh.id, 'plan');
    expect(store.sessions.get(fresh.id)?.chosen_mode).toBe('plan');
    store.sessions.setMode(fresh.id, null);
    expect(store.sessions.get(fresh.id)?.chosen_mode).toBeNull();
    store.close();
  });
});
