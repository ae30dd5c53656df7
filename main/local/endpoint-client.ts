import { lstatSync, readFileSync, type Stats } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import { msg } from '../../shared/i18n/message';
import { err, ok, type Result } from '../../shared/result';
import { checkPrivate, currentUid, endpointLocation, type EndpointPlace } from './endpoint-path';
import { recordedSocket } from './endpoint-record';
import { streamLink, type StreamEngineLink } from './stream-link';

/** The engine of another process, reached through the data folder's local endpoint. */
export interface RemoteEngineLink extends StreamEngineLink {
  /** The socket path (or Windows pipe name) this link is connected to. */
  readonly path: string;
  /** The engine's process id as its data folder's lock names it; null when it could not be read. */
  readonly pid: number | null;
}

export type { Sent } from './stream-link';

export type ConnectOptions = EndpointPlace;

const notThere = (code: string | undefined): boolean => code === 'ENOENT' || code === 'ENOTDIR';

/**
 * Connects to the engine that holds `home`, if one listens. `ok(null)` means none does (no socket, or a socket
 * left by a process that died): the caller opens the data folder itself. A socket or folder that is not this
 * user's own, or opens wider than 0600 / 0700, is refused with one sentence naming it.
 */
export async function connectLocalEndpoint(options: ConnectOptions): Promise<Result<RemoteEngineLink | null>> {
  const located = endpointLocation(options);
  // A data folder whose endpoint cannot be placed has no engine listening on it.
  if (!located.ok) return ok(null);
  // A folder of the temp folder is found through the record its host wrote in the data folder.
  const found = located.value.kind === 'recorded' ? recordedSocket(located.value) : ok(located.value);
  if (!found.ok || found.value === null) return found.ok ? ok(null) : found;
  const location = found.value;

  if (location.kind === 'unix') {
    const uid = currentUid();
    const folder = inspect(location.folder);
    if (!folder.ok || folder.value === null) return folder.ok ? ok(null) : folder;
    if (!folder.value.isDirectory()) return err('invalid_state', msg('engineErrors.endpoint.folderNotFolder', { path: location.folder }));
    const folderChecked = checkPrivate(location.folder, folder.value, 'folder', 0o700, uid);
    if (!folderChecked.ok) return folderChecked;
    const socket = inspect(location.path);
    if (!socket.ok || socket.value === null) return socket.ok ? ok(null) : socket;
    if (!socket.value.isSocket()) return err('invalid_state', msg('engineErrors.endpoint.notSocket', { path: location.path }));
    const socketChecked = checkPrivate(location.path, socket.value, 'socket', 0o600, uid);
    if (!socketChecked.ok) return socketChecked;
  }

  const connected = await connect(location.path);
  if (!connected.ok || connected.value === null) return connected.ok ? ok(null) : connected;
  return ok(remoteLink(connected.value, location.path, lockPid(options.home)));
}

function inspect(path: string): Result<Stats | null> {
  try {
    return ok(lstatSync(path));
  } catch (e) {
    if (notThere((e as NodeJS.ErrnoException).code)) return ok(null);
    return err('internal', msg('engineErrors.endpoint.cannotInspect', { path, error: (e as Error).message }));
  }
}

function connect(path: string): Promise<Result<Socket | null>> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const failed = (e: NodeJS.ErrnoException) => {
      socket.destroy();
      if (e.code === 'ECONNREFUSED' || notThere(e.code)) resolve(ok(null));
      else resolve(err('internal', msg('engineErrors.endpoint.cannotConnect', { path, error: e.message })));
    };
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.off('error', failed);
      resolve(ok(socket));
    });
  });
}

/** The pid written in the data folder's engine.lock, to name the engine in messages. */
function lockPid(home: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(home, 'engine.lock'), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function remoteLink(socket: Socket, path: string, pid: number | null): RemoteEngineLink {
  // The engine named by its pid when its lock names one, else by its endpoint.
  const closedThere = pid === null ? msg('engineErrors.endpoint.closedAt', { path }) : msg('engineErrors.endpoint.closedPid', { pid });
  const closedHere = pid === null ? msg('engineErrors.endpoint.closedHereAt', { path }) : msg('engineErrors.endpoint.closedHerePid', { pid });
  const link = streamLink({
    input: socket,
    output: socket,
    closed: (done) => {
      socket.on('error', () => socket.destroy());
      socket.on('close', done);
    },
    isClosed: () => socket.destroyed,
    destroy: () => socket.destroy(),
    closedThere,
    closedHere,
  });
  return { ...link, path, pid };
}
