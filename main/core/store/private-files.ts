import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * The data folder holds every transcript and the keys in config.json: only its owner may enter it. The files that
 * hold transcripts are readable by their owner alone too, so that a folder someone opened to others (or one made by
 * an older Paragents, 0755) still keeps them.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and the folders above it that are missing) for its owner alone. The umask may take bits away from
 * a folder just made, never add any, so the mode is set exactly afterwards; a folder that already exists keeps the
 * mode its owner gave it.
 */
export function makePrivateFolder(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (first !== undefined) chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Creates an empty `file` readable by its owner alone, unless it exists. SQLite gives the -wal and -shm files it
 * makes beside a database the database file's own mode, so a database made this way keeps them private too.
 */
export function makePrivateFile(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw e;
  }
  closeSync(fd);
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** The database file and the two files SQLite keeps beside it in WAL mode. */
export const databaseFiles = (file: string): string[] => [file, `${file}-wal`, `${file}-shm`];

/**
 * Makes the database files that other users may read or write 0600. Returns the files it changed. One that cannot
 * be changed (another user's, on read-only media) is left as it is: reading it needs no change.
 */
export function tightenDatabaseFiles(file: string): string[] {
  const changed: string[] = [];
  for (const f of databaseFiles(file)) {
    try {
      const stats = statSync(f, { throwIfNoEntry: false });
      if (!stats?.isFile() || (stats.mode & 0o077) === 0) continue;
      chmodSync(f, PRIVATE_FILE_MODE);
      changed.push(f);
    } catch {
      continue;
    }
  }
  return changed;
}

/** The one sentence that says `tightenDatabaseFiles` changed `files` (in English; the CLI says it through its catalog). */
export function tightenedSentence(files: readonly string[]): string {
  const first = files[0] ?? '';
  return `the database files in ${dirname(first)} (${files.map((f) => basename(f)).join(', ')}) could be read by other users; they are now readable by you alone (0600)`;
}
