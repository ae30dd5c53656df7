import type { Migration } from './types';

/**
 * The version of each file a session last read in full or wrote itself (for the stale-read check), so
 * that after a restart a session whose transcript shows the Read does not have to read the file again. The
 * stamp still has to match the file on disk: a change made while Paragents was down is caught as before.
 */
export const m004ReadStamps: Migration = {
  version: 4,
  name: 'conflicts: per-session read stamps',
  sql: `
    CREATE TABLE read_stamps (
      session_id TEXT NOT NULL REFERENCES sessions(id),
      path TEXT NOT NULL,
      size INTEGER NOT NULL,
      mtime_ms REAL NOT NULL,
      sha256 TEXT NOT NULL,
      PRIMARY KEY (session_id, path)
    ) WITHOUT ROWID;
  `,
};
