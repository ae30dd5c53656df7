import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '../../../shared/result';
import { hostEnv } from '../host-env';
import { createReadOnlyEngine, type ReadOnlyEngine, type ReadOnlyProblem } from './read-only';

/** The engine's database in a data folder. */
export const DATABASE_FILE = 'paragents.db';

/**
 * The data folder read as it is, without holding it (see read-only.ts): for the commands that only read when no
 * engine runs. Never takes engine.lock, never recovers or changes anything. A database that needs migrating gives
 * an error with `fallBack: true`: open the folder normally (createEngine) instead.
 *
 * The read-only composition root, apart from createEngine's (index.ts) so that a command that only reads loads
 * the store and the read handlers, not the whole engine: it reads the process's surroundings here, once.
 */
export function openReadOnlyEngine(opts: {
  home: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** `config`: only the configuration is read, and no database is opened for it (see ReadOnlyOptions). */
  reads?: 'all' | 'config';
}): Result<ReadOnlyEngine, ReadOnlyProblem> {
  const host = hostEnv(opts.env ?? process.env, homedir());
  return createReadOnlyEngine({ home: opts.home, database: join(opts.home, DATABASE_FILE), env: host.env, host, reads: opts.reads ?? 'all' });
}
