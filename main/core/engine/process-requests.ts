import { readdirSync, statSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import type { FsEntry, FsListing } from '../../../shared/engine-requests';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { isLocalMachine } from '../../../shared/machines';

export type ProcessRequestNames = 'engine.stop' | 'fs.list';

/** `engine.stop`, answered by the host that can end its own process (`paragents engine --stdio`). */
export type StopHandler = Pick<RequestHandlers, 'engine.stop'>;

/** A folder picker shows this many entries at most; a folder with more says it was cut. */
export const MAX_LISTED_ENTRIES = 2_000;

/**
 * The requests about the engine's own process and machine: stopping it (the host's, else refused: an app's engine
 * closes with its app) and listing a folder of its machine for a workspace picker that runs elsewhere.
 */
export function processRequests(deps: { homeDir: string; stop?: StopHandler }): Pick<RequestHandlers, ProcessRequestNames> {
  return {
    'engine.stop': deps.stop?.['engine.stop'] ?? (() => err('invalid_state', msg('machines.process.stopRefused'))),
    'fs.list': (input) =>
      !isLocalMachine(input.machine) ? err('not_found', msg('machines.hub.notReached', { name: input.machine ?? '' })) : listFolder(input.path === undefined || input.path === '~' ? deps.homeDir : expandHome(input.path, deps.homeDir)),
  };
}

const expandHome = (path: string, homeDir: string): string => (path.startsWith('~/') ? resolve(homeDir, path.slice(2)) : path);

const kindOf = (entry: Dirent, folder: string): FsEntry['kind'] => {
  if (entry.isDirectory()) return 'folder';
  if (entry.isFile()) return 'file';
  if (!entry.isSymbolicLink()) return 'other';
  // A link to a folder is walked into like a folder.
  try {
    const target = statSync(resolve(folder, entry.name));
    return target.isDirectory() ? 'folder' : target.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
};

const order = (a: FsEntry, b: FsEntry): number =>
  a.kind === b.kind || (a.kind !== 'folder' && b.kind !== 'folder') ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.kind === 'folder' ? -1 : 1;

export function listFolder(path: string): Result<FsListing> {
  if (!isAbsolute(path)) return err('invalid_input', msg('machines.process.relativePath', { path }));
  const folder = resolve(path);
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return err('not_found', msg('machines.process.noFolder', { path: folder }));
    if (code === 'ENOTDIR') return err('invalid_input', msg('machines.process.notFolder', { path: folder }));
    return err('invalid_state', msg('machines.process.cannotList', { path: folder, error: (e as Error).message }));
  }
  const listed = entries.map((entry) => ({ name: entry.name, kind: kindOf(entry, folder) })).sort(order);
  const parent = dirname(folder);
  return ok({
    path: folder,
    parent: parent === folder ? null : parent,
    entries: listed.slice(0, MAX_LISTED_ENTRIES),
    truncated: listed.length > MAX_LISTED_ENTRIES,
  });
}
