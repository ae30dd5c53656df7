import { lstatSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of the data folder where the temp files being written are recorded. */
export const TEMP_JOURNAL_DIR = 'temp-files';

/** The name of a temp file atomicWriteFile makes beside its target: `.<name>.<12 hex digits>.tmp`. */
export const TEMP_FILE_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Where a tool's temp files are recorded before they are created, so that if the process stops before one is
 * renamed over its target (a crash, `kill -9`), the next engine start knows its name and removes it instead of
 * leaving it in the workspace, where `git add -A` would pick it up.
 */
export interface TempFileJournal {
  /** Records `abs` (not created yet); returns what forgets it once it has been renamed or removed. */
  record(abs: string): () => void;
}

/** Entry names: the temp file's own random part, so an entry names one temp file. */
function entryName(abs: string): string {
  const match = /\.([0-9a-f]{12})\.tmp$/.exec(abs);
  return `${match?.[1] ?? 'unnamed'}.json`;
}

/**
 * A journal of one file per temp file in `dir`, written (synchronously) before the temp file is created. A journal
 * that cannot be written (a read-only or full data folder) does not stop the write: that temp file is then only
 * removed by the write itself when it fails.
 */
export function createTempJournal(dir: string): TempFileJournal {
  return {
    record(abs) {
      const entry = path.join(dir, entryName(abs));
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(entry, JSON.stringify({ path: abs }), { flag: 'wx' });
      } catch {
        return () => undefined;
      }
      return () => {
        try {
          unlinkSync(entry);
        } catch {
          // Already gone: nothing to forget.
        }
      };
    },
  };
}

function recordedPath(entry: string): string | null {
  try {
    const value = JSON.parse(readFileSync(entry, 'utf8')) as { path?: unknown };
    return typeof value.path === 'string' && path.isAbsolute(value.path) ? value.path : null;
  } catch {
    return null;
  }
}

/**
 * Removes the temp files a process that stopped left recorded in `dir` (only those, and only regular files named
 * as atomicWriteFile names them), then their entries. Run at engine start, under the data folder's lock, so no
 * write of another engine is in progress. Returns the files removed.
 */
export function removeRecordedTempFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of entries) {
    const entry = path.join(dir, name);
    const temp = recordedPath(entry);
    try {
      if (temp !== null && TEMP_FILE_NAME.test(path.basename(temp)) && lstatSync(temp).isFile()) {
        unlinkSync(temp);
        removed.push(temp);
      }
    } catch {
      // Renamed over its target before the process stopped (or removed since): nothing left to remove.
    }
    try {
      unlinkSync(entry);
    } catch {
      // A second engine start will find it and skip it the same way.
    }
  }
  return removed;
}
