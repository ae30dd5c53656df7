import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db';
import type { FileStamp } from './file-stamp';

interface StampRow {
  path: string;
  size: number;
  mtime_ms: number;
  sha256: string;
}

/**
 * Per session: the version of each file it last read in full or wrote itself. Kept in memory for the check
 * (one map lookup) and, given a database, written through to `read_stamps` (migration 004) and loaded per
 * session on first use, so a restart does not make the model read its files again.
 */
export class StampBook {
  private readonly bySession = new Map<string, Map<string, FileStamp>>();
  private readonly sql: { load: Statement; put: Statement; drop: Statement; dropSession: Statement } | null;

  constructor(db?: Db) {
    this.sql = db
      ? {
          load: db.prepare('SELECT path, size, mtime_ms, sha256 FROM read_stamps WHERE session_id = ?'),
          put: db.prepare('INSERT OR REPLACE INTO read_stamps (session_id, path, size, mtime_ms, sha256) VALUES (?, ?, ?, ?, ?)'),
          drop: db.prepare('DELETE FROM read_stamps WHERE session_id = ? AND path = ?'),
          dropSession: db.prepare('DELETE FROM read_stamps WHERE session_id = ?'),
        }
      : null;
  }

  private session(sessionId: string): Map<string, FileStamp> {
    let mine = this.bySession.get(sessionId);
    if (mine) return mine;
    mine = new Map();
    for (const r of (this.sql?.load.all(sessionId) ?? []) as StampRow[]) {
      mine.set(r.path, { size: r.size, mtimeMs: r.mtime_ms, sha256: r.sha256 });
    }
    this.bySession.set(sessionId, mine);
    return mine;
  }

  get(sessionId: string, path: string): FileStamp | undefined {
    return this.session(sessionId).get(path);
  }

  /** Records a version the session knows (only existing files: `sha256` is not null). */
  set(sessionId: string, path: string, stamp: FileStamp): void {
    if (stamp.sha256 === null) return;
    this.session(sessionId).set(path, stamp);
    this.sql?.put.run(sessionId, path, stamp.size, stamp.mtimeMs, stamp.sha256);
  }

  forget(sessionId: string, path: string): void {
    if (this.session(sessionId).delete(path)) this.sql?.drop.run(sessionId, path);
  }

  /** A closed session checks nothing any more. */
  dropSession(sessionId: string): void {
    this.bySession.delete(sessionId);
    this.sql?.dropSession.run(sessionId);
  }
}
