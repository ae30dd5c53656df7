import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { err, missingCase, ok, type Result } from '../../../shared/result';
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
        return err('internal', msg('engineErrors.home.cannotCreate', { file, error: (e as Error).message }));
      }
      const holder = lockHolder(file);
      if (holder.kind === 'unreadable') return err('internal', msg('engineErrors.home.cannotRead', { file, error: holder.message }));
      const pid = holder.kind === 'pid' ? holder.pid : null;
      if (pid !== null && pid !== process.pid && isAlive(pid)) {
        return err('invalid_state', msg('engineErrors.home.locked', { pid, home }));
      }
      rmSync(file, { force: true });
    }
  }
  return err('internal', msg('engineErrors.home.cannotLock', { file }));
}

/**
 * Whether a live engine holds the data folder: its lock names a process that still runs (this one included).
 * Without one, nothing runs the turns the database still calls running: the engine that ran them stopped. A lock
 * that cannot be read may be a live engine's: it counts as held.
 */
export function engineHoldsHome(home: string): boolean {
  const holder = lockHolder(join(home, LOCK_FILE));
  switch (holder.kind) {
    case 'none':
      return false;
    case 'unreadable':
      return true;
    case 'pid':
      return holder.pid === process.pid || isAlive(holder.pid);
    default:
      return missingCase(holder);
  }
}

type LockHolder = { kind: 'none' } | { kind: 'pid'; pid: number } | { kind: 'unreadable'; message: string };

/** Who a lock file names: nobody when there is no file or no pid in it (a stale or half-written one). */
function lockHolder(file: string): LockHolder {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'unreadable', message: (e as Error).message };
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? { kind: 'pid', pid } : { kind: 'none' };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
