import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { msg } from '../../shared/i18n/message';
import { err, ok, type Result } from '../../shared/result';

/*
 * Where the engine that holds a data folder listens for other Paragents processes of the same user.
 *
 * Unix: a socket `engine.sock` in the folder `<home>/run/`, mode 0700, so nobody else can even reach the socket
 * (the socket itself is 0600 too). A socket path must fit in `sun_path` (104 bytes on macOS, 108 on Linux, the
 * terminating NUL included); when `<home>/run/engine.sock` does not, the endpoint lives in
 * `$XDG_RUNTIME_DIR/paragents-<hash of the real home path>/engine.sock` when that runtime folder is this user's
 * own and closed to others (the system gives each user one). Otherwise it lives in a folder of the OS temp folder
 * whose name nobody can guess (mkdtemp, 0700), and the host records that name in `<home>/run/endpoint`, where
 * every client reads it: a name computed from the data folder's path in a shared temp folder could be taken
 * first by another local user.
 *
 * Windows: the named pipe `\\.\pipe\paragents-<hash of the real home path>`. Node cannot set a pipe's ACL, so
 * the pipe is guarded only by the default pipe DACL (the creating user, SYSTEM and administrators get full
 * access; Everyone and anonymous get read access). This path is not exercised by the tests on this machine.
 */

export const SOCKET_NAME = 'engine.sock';

/** macOS's sun_path is 104 bytes including the NUL; Linux's 108 is larger, so this fits both. */
export const MAX_SOCKET_PATH_BYTES = 103;

export type EndpointLocation =
  /** `folder` is created and checked (0700, owned by this user) before the socket is made in it. */
  | { kind: 'unix'; path: string; folder: string; fallback: boolean }
  /**
   * A folder made by the listening host under `parent` with an unguessable name; its path is written in `record`
   * (in the data folder's own 0700 folder `recordFolder`), where clients read it.
   */
  | { kind: 'recorded'; record: string; recordFolder: string; parent: string }
  | { kind: 'pipe'; path: string };

/** The name of the file in `<home>/run/` that names the temp folder holding the endpoint. */
export const RECORD_NAME = 'endpoint';
/** The prefix of that temp folder's name; mkdtemp adds six random characters. */
export const TEMP_PREFIX = 'paragents-';

export interface EndpointPlace {
  /** The data folder (PARAGENTS_HOME). */
  home: string;
  /** Read for XDG_RUNTIME_DIR only (used only when it is a folder of this user's, closed to others). */
  env: Readonly<Record<string, string | undefined>>;
  /** The OS temp folder (os.tmpdir() at the caller): the parent of the unguessable folder when XDG_RUNTIME_DIR is not usable. */
  tmpdir: string;
  /** Defaults to this process's platform; tests pass another to see the Windows name. */
  platform?: NodeJS.Platform;
}

/** The real path of the data folder (symlinks resolved) when it exists, so every alias of it names one endpoint. */
function realHome(home: string): string {
  try {
    return realpathSync(home);
  } catch {
    return resolve(home);
  }
}

const homeHash = (real: string): string => createHash('sha256').update(real).digest('hex').slice(0, 16);

/** True when `dir` is a folder of this user's that nobody else may write to or list (a per-user runtime folder). */
function ownRuntimeFolder(dir: string): boolean {
  try {
    const stats = lstatSync(dir);
    const uid = currentUid();
    return stats.isDirectory() && (uid === null || stats.uid === uid) && (stats.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Where the endpoint of `home` is; an error when no place for it fits in a socket path. */
export function endpointLocation(place: EndpointPlace): Result<EndpointLocation> {
  const platform = place.platform ?? process.platform;
  // Every process computes the path from the real folder, so a symlinked spelling of it finds the same endpoint.
  const real = realHome(place.home);
  if (platform === 'win32') return ok({ kind: 'pipe', path: `\\\\.\\pipe\\paragents-${homeHash(real)}` });

  const inHome = join(real, 'run');
  const direct = join(inHome, SOCKET_NAME);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH_BYTES) return ok({ kind: 'unix', path: direct, folder: inHome, fallback: false });

  const xdg = place.env.XDG_RUNTIME_DIR;
  if (xdg && isAbsolute(xdg) && ownRuntimeFolder(xdg)) {
    const folder = join(xdg, `paragents-${homeHash(real)}`);
    const path = join(folder, SOCKET_NAME);
    if (Buffer.byteLength(path) <= MAX_SOCKET_PATH_BYTES) return ok({ kind: 'unix', path, folder, fallback: true });
  }
  // The longest socket path the unguessable folder can give (mkdtemp adds six characters).
  const longest = join(place.tmpdir, `${TEMP_PREFIX}XXXXXX`, SOCKET_NAME);
  if (Buffer.byteLength(longest) > MAX_SOCKET_PATH_BYTES) {
    return err(
      'config',
      msg('engineErrors.endpoint.tooLong', { path: direct, fallback: longest, max: MAX_SOCKET_PATH_BYTES }),
    );
  }
  return ok({ kind: 'recorded', record: join(inHome, RECORD_NAME), recordFolder: inHome, parent: place.tmpdir });
}

const octal = (mode: number): string => (mode & 0o777).toString(8).padStart(4, '0');

/** The current user's id; null where there is none (Windows). */
export const currentUid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

/**
 * Checks that `stats` is ours and opens no wider than `allowed`; the refusal is one sentence naming `path`.
 * `what` is the thing: the endpoint folder, the endpoint socket or the endpoint record.
 */
export function checkPrivate(path: string, stats: Stats, what: 'folder' | 'socket' | 'record', allowed: number, uid: number | null): Result<void> {
  if (uid !== null && stats.uid !== uid) {
    return err('invalid_state', msg(`engineErrors.endpoint.${what}OtherUser`, { path, uid: stats.uid }));
  }
  if ((stats.mode & 0o777 & ~allowed) !== 0) {
    return err('invalid_state', msg(`engineErrors.endpoint.${what}ModeWider`, { path, mode: octal(stats.mode), allowed: octal(allowed) }));
  }
  return ok(undefined);
}

/**
 * The listening side: creates the endpoint folder (0700) or checks the one there. A folder that exists with other
 * permissions or another owner is refused rather than repaired: someone else may already be able to reach into it.
 */
export function prepareEndpointFolder(folder: string): Result<void> {
  let created = false;
  try {
    mkdirSync(folder, { mode: 0o700 });
    created = true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') return err('internal', msg('engineErrors.endpoint.cannotCreateFolder', { path: folder, error: (e as Error).message }));
  }
  try {
    // The umask may have taken bits away from the folder just made, never added any; put back exactly 0700.
    if (created) chmodSync(folder, 0o700);
    const stats = lstatSync(folder);
    if (!stats.isDirectory()) return err('invalid_state', msg('engineErrors.endpoint.folderNotFolder', { path: folder }));
    const checked = checkPrivate(folder, stats, 'folder', 0o700, currentUid());
    if (!checked.ok) return checked;
    if ((stats.mode & 0o700) !== 0o700) {
      return err('invalid_state', msg('engineErrors.endpoint.folderMode', { path: folder, mode: octal(stats.mode) }));
    }
    return ok(undefined);
  } catch (e) {
    return err('internal', msg('engineErrors.endpoint.cannotCheckFolder', { path: folder, error: (e as Error).message }));
  }
}
