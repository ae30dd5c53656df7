import { chmodSync, lstatSync, mkdtempSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { msg } from '../../shared/i18n/message';
import { err, ok, type Result } from '../../shared/result';
import { checkPrivate, currentUid, prepareEndpointFolder, SOCKET_NAME, TEMP_PREFIX, type EndpointLocation } from './endpoint-path';

/*
 * The endpoint of a data folder whose own socket path is too long and that has no per-user runtime folder: a
 * folder of the temp folder with a name nobody can guess, named in the file `<home>/run/endpoint`. Only the
 * host that holds the data folder's lock writes that file; clients read it and check the folder it names
 * exactly as they check the data folder's own.
 */

type Recorded = Extract<EndpointLocation, { kind: 'recorded' }>;
type Unix = Extract<EndpointLocation, { kind: 'unix' }>;

const notThere = (code: string | undefined): boolean => code === 'ENOENT' || code === 'ENOTDIR';

/**
 * The folder the record names, checked (the record is this user's, in its 0700 folder, and names an absolute
 * path); null when there is no record. The named folder itself is checked by the caller.
 */
export function readRecord(location: Recorded): Result<string | null> {
  const uid = currentUid();
  try {
    const folder = lstatSync(location.recordFolder);
    if (!folder.isDirectory()) return err('invalid_state', msg('engineErrors.endpoint.folderNotFolder', { path: location.recordFolder }));
    const folderChecked = checkPrivate(location.recordFolder, folder, 'folder', 0o700, uid);
    if (!folderChecked.ok) return folderChecked;
    const file = lstatSync(location.record);
    if (!file.isFile()) return err('invalid_state', msg('engineErrors.endpoint.recordNotFile', { path: location.record }));
    const fileChecked = checkPrivate(location.record, file, 'record', 0o600, uid);
    if (!fileChecked.ok) return fileChecked;
    const named = readFileSync(location.record, 'utf8').trim();
    if (!isAbsolute(named)) return err('invalid_state', msg('engineErrors.endpoint.recordNoFolder', { path: location.record }));
    return ok(named);
  } catch (e) {
    if (notThere((e as NodeJS.ErrnoException).code)) return ok(null);
    return err('internal', msg('engineErrors.endpoint.cannotReadRecord', { path: location.record, error: (e as Error).message }));
  }
}

/** Where a client connects: the socket in the recorded folder; null when no host has recorded one. */
export function recordedSocket(location: Recorded): Result<Unix | null> {
  const named = readRecord(location);
  if (!named.ok || named.value === null) return named.ok ? ok(null) : named;
  return ok({ kind: 'unix', path: join(named.value, SOCKET_NAME), folder: named.value, fallback: true });
}

/** Removes the socket and the folder a host made, when they are still there and ours. */
function removeFolder(folder: string): void {
  try {
    const stats = lstatSync(folder);
    if (!stats.isDirectory() || !checkPrivate(folder, stats, 'folder', 0o700, currentUid()).ok) return;
    rmSync(join(folder, SOCKET_NAME), { force: true });
    // Only an empty folder goes: whatever else is in it is not ours to delete.
    rmdirSync(folder);
  } catch {
    // Gone already, or not empty: left as it is.
  }
}

/**
 * The listening side (holding the data folder's lock): clears the folder a previous host recorded (one that was
 * killed), makes a new unguessable 0700 folder in the temp folder and records it.
 */
export function makeRecordedFolder(location: Recorded): Result<Unix> {
  const own = prepareEndpointFolder(location.recordFolder);
  if (!own.ok) return own;
  const previous = readRecord(location);
  if (previous.ok && previous.value !== null) removeFolder(previous.value);
  let folder: string;
  try {
    folder = mkdtempSync(join(location.parent, TEMP_PREFIX));
    // mkdtemp makes it 0700 already; the umask can only have narrowed it.
    chmodSync(folder, 0o700);
  } catch (e) {
    return err('internal', msg('engineErrors.endpoint.cannotMakeFolder', { path: location.parent, error: (e as Error).message }));
  }
  const checked = prepareEndpointFolder(folder);
  if (!checked.ok) return checked;
  try {
    const partial = `${location.record}.${process.pid}`;
    writeFileSync(partial, `${folder}\n`, { mode: 0o600 });
    // A rename, so that a client reads the old record or the new one, never half of one.
    renameSync(partial, location.record);
  } catch (e) {
    removeFolder(folder);
    return err('internal', msg('engineErrors.endpoint.cannotWriteRecord', { path: location.record, error: (e as Error).message }));
  }
  return ok({ kind: 'unix', path: join(folder, SOCKET_NAME), folder, fallback: true });
}

/** The host's close: removes its folder and the record, when the record still names that folder. */
export function forgetRecordedFolder(location: Recorded, folder: string): void {
  const named = readRecord(location);
  if (named.ok && named.value === folder) rmSync(location.record, { force: true });
  removeFolder(folder);
}
