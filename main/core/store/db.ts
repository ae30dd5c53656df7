import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate, migrations } from './migrations';
import { m008Payloads } from './migrations/008-payloads';
import { m013Search } from './migrations/013-search';
import { encodeRowsWrittenBeforePayloads } from './payloads';
import { backfillSearchIndex } from './search-backfill';

export type Db = Database.Database;

/**
 * The WAL file is cut back to this size when it is reset after a checkpoint. Without a limit it stays as large
 * as the largest transaction ever written (a 20 MB tool call leaves a 20 MB WAL beside the database for good).
 */
const WAL_SIZE_LIMIT = 4 * 1024 * 1024;

/** A database whose schema is older than this code: only an open that may write can migrate it. */
export class SchemaTooOld extends Error {
  constructor(
    readonly file: string,
    readonly version: number,
    readonly latest: number,
  ) {
    super(`${file} has schema version ${version} and this Paragents needs ${latest}; a read-only open cannot migrate it`);
    this.name = 'SchemaTooOld';
  }
}

/**
 * Opens an existing database for reading only: no migration, no pragma that writes, no lock of the data folder.
 * Throws SchemaTooOld when it would need migrating, and better-sqlite3's error when the file is missing.
 * In WAL mode SQLite needs the -shm and -wal files beside the database even to read; when no writer has them open
 * (they are removed when the last writer closes) this open creates them (-wal empty) and leaves them behind. They
 * are harmless: the next writer takes them over. The database file itself is not touched.
 */
export function openDatabaseReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations.at(-1)?.version ?? 0;
    if (version < latest) throw new SchemaTooOld(file, version, latest);
    if (version > latest) {
      throw new Error(`database schema version ${version} is newer than this Paragents understands (${latest}); upgrade Paragents`);
    }
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

export function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  // Measured with bench/pragmas.ts (a step's transaction): a larger cache_size, mmap_size, temp_store=MEMORY or a
  // later wal_autocheckpoint changed nothing beyond the noise, so SQLite's defaults stay for those.
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across process crashes in WAL mode; only a power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const before = db.pragma('user_version', { simple: true }) as number;
  // Older rows are put in the form references need, then indexed for search, in the same transaction as the migrations.
  const catchUp: ((db: Db) => unknown)[] = [];
  if (before > 0 && before < m008Payloads.version) catchUp.push(encodeRowsWrittenBeforePayloads);
  if (before > 0 && before < m013Search.version) catchUp.push(backfillSearchIndex);
  if (catchUp.length > 0) {
    db.transaction(() => {
      migrate(db);
      for (const step of catchUp) step(db);
    })();
  } else {
    migrate(db);
  }
  return db;
}
