import type { Db } from './db';
import { prepared } from './statements';

/** A file version a session knows, as `read_stamps` keeps it (migration 004). */
export interface StoredStamp {
  size: number;
  mtimeMs: number;
  sha256: string;
}

interface StampRow {
  path: string;
  size: number;
  mtime_ms: number;
  sha256: string;
}

/** `read_stamps`: per session, the version of each file it last read in full or wrote (see conflicts/stamp-book.ts). */
export class StampsRepository {
  /** Only the connection: the stamps share no transaction state with the other repositories. */
  constructor(private readonly db: Db) {}

  private q(sql: string) {
    return prepared(this.db, sql);
  }

  load(sessionId: string): { path: string; stamp: StoredStamp }[] {
    return (this.q('SELECT path, size, mtime_ms, sha256 FROM read_stamps WHERE session_id = ?').all(sessionId) as StampRow[]).map((r) => ({
      path: r.path,
      stamp: { size: r.size, mtimeMs: r.mtime_ms, sha256: r.sha256 },
    }));
  }

  put(sessionId: string, path: string, stamp: StoredStamp): void {
    this.q('INSERT OR REPLACE INTO read_stamps (session_id, path, size, mtime_ms, sha256) VALUES (?, ?, ?, ?, ?)')
      .run(sessionId, path, stamp.size, stamp.mtimeMs, stamp.sha256);
  }

  drop(sessionId: string, path: string): void {
    this.q('DELETE FROM read_stamps WHERE session_id = ? AND path = ?').run(sessionId, path);
  }

  dropSession(sessionId: string): void {
    this.q('DELETE FROM read_stamps WHERE session_id = ?').run(sessionId);
  }

  /** Gives session `to` every stamp of session `from` (a fork knows the file versions its source knew). */
  copy(from: string, to: string): void {
    this.q(
      `INSERT INTO read_stamps (session_id, path, size, mtime_ms, sha256)
       SELECT ?, path, size, mtime_ms, sha256 FROM read_stamps WHERE session_id = ?`,
    ).run(to, from);
  }
}
