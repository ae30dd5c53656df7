import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, migrations } from '../../main/core/store/migrations';

describe('migration 003 (worktrees)', () => {
  it('upgrades a version-2 database, keeping its sessions, and adds session_worktrees', () => {
    const db = new Database(':memory:');
    expect(migrate(db, migrations.slice(0, 2))).toBe(2);
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at) VALUES ('s1', 'abc123', '/w', '2025-01-01T00:00:00Z')`).run();
    expect(migrate(db, migrations.slice(0, 3))).toBe(3);
    expect(migrate(db)).toBe(migrations.at(-1)?.version);
    const cols = (db.prepare(`PRAGMA table_info(session_worktrees)`).all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(expect.arrayContaining(['session_id', 'branch', 'base_ref', 'base_commit', 'base_repo', 'base_workspace', 'path', 'state', 'merge_commit']));
    expect(db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 1 });
    // A worktree row belongs to an existing session.
    db.pragma('foreign_keys = ON');
    const orphan = () =>
      db.prepare(`INSERT INTO session_worktrees (session_id, branch, base_commit, base_repo, base_workspace, path, created_at) VALUES ('nope', 'b', 'c', '/r', '/w', '/p', 't')`).run();
    expect(orphan).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
