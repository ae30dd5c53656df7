import { basename, join } from 'node:path';
import { DATABASE_FILE } from '../core/engine/read-only-root';
import { tightenDatabaseFiles } from '../core/store/private-files';
import { cliText } from './cli-text';
import type { CliIo } from './io';

/**
 * Database files that other users can read (left so by an older Paragents) are made readable by their owner alone
 * before a command reads or writes them, and the command says so in one sentence. Once done there is nothing left
 * to change, so it is said once for the folder.
 */
export function closeDataFolderToOthers(io: CliIo): void {
  const changed = tightenDatabaseFiles(join(io.home, DATABASE_FILE));
  if (changed.length === 0) return;
  io.stderr(cliText(io).t('cliErrors.tightened', { folder: io.home, files: changed.map((f) => basename(f)).join(', ') }));
}
