import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { err, ok, type Result } from '../../../shared/result';
import { makePrivateFolder, PRIVATE_FILE_MODE } from '../store/private-files';

const LOCK_FILE = 'engine.lock';

/**
 * One engine per data folder: two engines on one database would both resume the same interrupted turns.
 * A lock left by a dead process is taken over. A folder that does not exist yet is made for its owner alone.
 */
export function lockHome(home: string): Result<() => void> {
  makePrivateFolder(home);
  const file = join(home, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return ok(() => rmSync(file, { force: true }));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        return err('internal', `cannot create ${file}: ${(e as Error).message}`);
      }
      const pid = lockHolder(file);
      if (pid !== null && pid !== process.pid && isAlive(pid)) {
        return err(
          'invalid_state',
          `another Paragents process (pid ${pid}) is using the data folder ${home}; close it, or set PARAGENTS_HOME to another folder`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  return err('internal', `cannot take the lock ${file}`);
}

/**
 * Whether a live engine holds the data folder: its lock names a process that still runs (this one included).
 * Without one, nothing runs the turns the database still calls running: the engine that ran them stopped.
 */
export function engineHoldsHome(home: string): boolean {
  const pid = lockHolder(join(home, LOCK_FILE));
  return pid !== null && (pid === process.pid || isAlive(pid));
}

/** The pid written in a lock file; null when there is none (no file, an unreadable or half-written one). */
function lockHolder(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
