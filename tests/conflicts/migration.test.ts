import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, migrations } from '../../main/core/store/migrations';

describe('migration 002 (conflicts)', () => {
  it('upgrades a version-1 database and creates the conflict tables', () => {
    const db = new Database(':memory:');
    expect(migrate(db, migrations.slice(0, 1))).toBe(1);
    expect(migrate(db)).toBe(2);
    const tables = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['prompt_preflight', 'conflicts', 'change_journal', 'journal_blobs']));
    const cols = (db.prepare(`PRAGMA table_info(change_journal)`).all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(expect.arrayContaining(['session_id', 'path', 'before_sha', 'after_sha', 'undone_at']));
    db.close();
  });
});
