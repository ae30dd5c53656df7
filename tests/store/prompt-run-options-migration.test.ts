import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe("migration 010 (a prompt's own run options)", () => {
  it('leaves prompts stored before it without options, stores the ones given, and replaces only those given again', () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    const before = migrations.findIndex((m) => m.version === 10);
    expect(migrate(db, migrations.slice(0, before))).toBe(9);
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'ref001', '/w', 'now')`).run();
    db.prepare(`INSERT INTO prompts (id, ref, session_id, position, text, status, created_at) VALUES ('p1', 'pre001', 's1', 1, 'old', 'completed', 'now')`).run();
    db.close();

    const t = openTestStore(file);
    const { store, db: opened } = t;
    expect(store.prompts.get('p1')).toMatchObject({ approvals: null, on_conflict: null });

    const plain = promptAt(t, 's1', 'no options');
    expect(store.prompts.get(plain.id)).toMatchObject({ approvals: null, on_conflict: null });
    const own = promptAt(t, 's1', 'own options', 'queued', { options: { approvals: 'never', onConflict: 'block' } });
    expect(store.prompts.get(own.id)).toMatchObject({ approvals: 'never', on_conflict: 'block' });

    t.prompts.setRunOptions(own.id, { approvals: 'all' });
    expect(store.prompts.get(own.id)).toMatchObject({ approvals: 'all', on_conflict: 'block' });
    t.prompts.setRunOptions(own.id, { onConflict: 'override' });
    expect(store.prompts.get(own.id)).toMatchObject({ approvals: 'all', on_conflict: 'override' });

    // The table refuses values the contract does not know.
    expect(() => opened.prepare(`UPDATE prompts SET approvals = 'sometimes' WHERE id = ?`).run(own.id)).toThrow(/CHECK constraint/);
    store.close();
  });
});
