import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations';
import { m008Payloads } from './migrations/008-payloads';
import { encodeRowsWrittenBeforePayloads } from './payloads';

export type Db = Database.Database;

/**
 * The WAL file is cut back to this size when it is reset after a checkpoint. Without a limit it stays as large
 * as the largest transaction ever written (a 20 MB tool call leaves a 20 MB WAL beside the database for good).
 */
const WAL_SIZE_LIMIT = 4 * 1024 * 1024;

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode; only a power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const before = db.pragma('user_version', { simple: true }) as number;
  if (before > 0 && before < m008Payloads.version) {
    // Older rows are put in the form references need in the same transaction as the migrations.
    db.transaction(() => {
      migrate(db);
      encodeRowsWrittenBeforePayloads(db);
    })();
  } else {
    migrate(db);
  }
  return db;
}
