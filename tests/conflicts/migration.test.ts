import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, migrations } from '../../main/core/store/migrations';
import { StampBook } from '../../main/core/conflicts/stamp-book';
import { StampsRepository } from '../../main/core/store/stamps';

const tablesOf = (db: Database.Database): string[] =>
  (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name);

describe('migration 002: conflict and journal tables', () => {
  it('upgrades a version-1 database and creates the conflict tables', () => {
    const db = new Database(':memory:');
    expect(migrate(db, migrations.slice(0, 1))).toBe(1);
    expect(migrate(db, migrations.slice(0, 2))).toBe(2);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['prompt_preflight', 'conflicts', 'change_journal', 'journal_blobs']));
    const cols = (db.prepare(`PRAGMA table_info(change_journal)`).all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(expect.arrayContaining(['session_id', 'path', 'before_sha', 'after_sha', 'undone_at']));
    db.close();
  });
});

describe('migration 004 (read stamps)', () => {
  it('upgrades a version-3 database, and the stamp book keeps its stamps in it', () => {
    const db = new Database(':memory:');
    const v3 = migrations.findIndex((m) => m.version === 3);
    expect(migrate(db, migrations.slice(0, v3 + 1))).toBe(3);
    expect(migrate(db)).toBe(migrations.at(-1)?.version);
    expect(tablesOf(db)).toContain('read_stamps');
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'ref1', '/ws', 'now')`).run();

    const stamp = { size: 3, mtimeMs: 1234.5, sha256: 'abc' };
    const book = new StampBook(new StampsRepository(db));
    book.set('s1', '/ws/a.txt', stamp);
    book.set('s1', '/ws/b.txt', { ...stamp, sha256: 'def' });
    book.set('s1', '/ws/gone.txt', { size: 0, mtimeMs: 0, sha256: null });
    book.forget('s1', '/ws/b.txt');
    // A new book on the same database (a restart) knows what the first one recorded.
    const after = new StampBook(new StampsRepository(db));
    expect(after.get('s1', '/ws/a.txt')).toEqual(stamp);
    expect(after.get('s1', '/ws/b.txt')).toBeUndefined();
    expect(after.get('s1', '/ws/gone.txt')).toBeUndefined();
    after.dropSession('s1');
    expect(new StampBook(new StampsRepository(db)).get('s1', '/ws/a.txt')).toBeUndefined();
    db.close();
  });
});
