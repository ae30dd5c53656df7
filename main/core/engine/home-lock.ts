import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { err, ok, type Result } from '../../../shared/result';

/**
 * One engine per data folder: two engines on one database would both resume the same interrupted turns.
 * A lock left by a dead process is taken over.
 */
export function lockHome(home: string): Result<() => void> {
  mkdirSync(home, { recursive: true });
  const file = join(home, 'engine.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return ok(() => rmSync(file, { force: true }));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        return err('internal', `cannot create ${file}: ${(e as Error).message}`);
      }
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
