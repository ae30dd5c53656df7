import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { MsgError } from '../../../shared/msg-error';
import { migrate, migrations } from './migrations';
import { m008Payloads } from './migrations/008-payloads';
import { m013Search } from './migrations/013-search';
import { encodeRowsWrittenBeforePayloads } from './payloads';
import { backfillSearchIndex } from './search-backfill';
import { makePrivateFile, makePrivateFolder, tightenDatabaseFiles, tightenedSentence } from './private-files';

export type Db = Database.Database;

/**
 * The WAL file is cut back to this size when it is reset after a checkpoint. Without a limit it stays as large
 * as the largest transaction ever written (a 20 MB tool call leaves a 20 MB WAL beside the database for good).
 */
const WAL_SIZE_LIMIT = 4 * 1024 * 1024;

/** A database whose schema is older than this code: only an open that may write can migrate it. */
export class SchemaTooOld extends MsgError {
  constructor(
    readonly file: string,
    readonly version: number,
    readonly latest: number,
  ) {
    super(msg('engineErrors.home.schemaOlder', { file, version, latest }));
    this.name = 'SchemaTooOld';
  }
}

/**
 * Opens an existing database for reading only: no migration, no pragma that writes, no lock of the data folder.
 * Throws SchemaTooOld when it would need migrating, and better-sqlite3's error when the file is missing.
 * In WAL mode SQLite needs the -shm and -wal files beside the database even to read; when no writer has them open
 * (they are removed when the last writer closes) this open creates them (-wal empty) and leaves them behind. They
 * are harmless: the next writer takes them over. The database file itself is not touched. Where they cannot be
 * created (a folder this user cannot write: a backup, a snapshot, another user's folder) the database is read as
 * an immutable file (see openImmutable).
 */
export function openDatabaseReadOnly(file: string): Db {
  let db: Db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    // The first read is where SQLite finds that it cannot make the -shm file.
    db.pragma('user_version', { simple: true });
  } catch (e) {
    if (!cannotCreateBeside(e) || !existsSync(file)) throw e;
    db = openImmutable(file);
  }
  try {
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations.at(-1)?.version ?? 0;
    if (version < latest) throw new SchemaTooOld(file, version, latest);
    if (version > latest) {
      throw new MsgError(msg('engineErrors.home.schemaNewer', { version, latest }));
    }
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/** SQLite could not create the -shm (or -wal) file that a WAL-mode read needs: the folder is not writable here. */
function cannotCreateBeside(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_READONLY_DIRECTORY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY_CANTINIT';
}

/**
 * The database as an immutable file: its bytes read once and opened in memory, read-only. This build of SQLite
 * takes no `file:…?immutable=1` names (better-sqlite3 compiles it without URI names), and this is what immutable
 * means there: no -shm, no -wal, no lock. It holds only when the -wal has nothing in it (a writer that closed left
 * no -wal; a killed one left its -wal and -shm, which a read-only open reads as they are): committed changes still
 * in the -wal would be missed, so that case is an error naming the file. The copy says WAL mode in its header,
 * which an in-memory database cannot be in: the copy (never the file) is marked as a rollback-journal database.
 */
function openImmutable(file: string): Db {
  const wal = `${file}-wal`;
  const walSize = statSync(wal, { throwIfNoEntry: false })?.size ?? 0;
  if (walSize > 0) {
    throw new MsgError(msg('engineErrors.home.walPending', { wal, file, folder: dirname(file) }));
  }
  const image = readFileSync(file);
  // Bytes 18 and 19 of the header: the write and read format versions, 2 for WAL and 1 for a rollback journal.
  if (image.length >= 20) {
    image[18] = 1;
    image[19] = 1;
  }
  return new Database(image, { readonly: true });
}

/**
 * Opens the database to read and write, creating it (and its folder) when missing, and migrates it. The folder is
 * made for its owner alone and the database files readable by their owner alone: database files that an older
 * Paragents left readable by others are made so, and that is said once (on stderr), as the change is made.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    makePrivateFolder(dirname(file));
    const tightened = tightenDatabaseFiles(file);
    if (tightened.length > 0) console.warn(`paragents: ${tightenedSentence(tightened)}`);
    makePrivateFile(file);
  }
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
