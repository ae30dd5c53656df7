import { lstatSync, readFileSync, type Stats } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import { requestNames, type RequestHandlers, type RequestName } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import { msg, type Msg } from '../../shared/i18n/message';
import { err, ok, type Result } from '../../shared/result';
import { isResult } from '../../shared/validate-request';
import type { EngineLink } from './engine-link';
import { checkPrivate, currentUid, endpointLocation, type EndpointPlace } from './endpoint-path';
import { recordedSocket } from './endpoint-record';
import { createLineReader, frame } from './line-frames';

/** The engine of another process, reached through the data folder's local endpoint. */
export interface RemoteEngineLink extends EngineLink {
  readonly remote: true;
  /** The socket path (or Windows pipe name) this link is connected to. */
  readonly path: string;
  /** The engine's process id as its data folder's lock names it; null when it could not be read. */
  readonly pid: number | null;
  /** Settles once the connection has ended (the engine went away, or close() was called), with why in one sentence. */
  readonly ended: Promise<Msg>;
  /**
   * Sends one request. `answered: false` when the connection ended first: the engine never took the request (a
   * closing endpoint answers every request it took before it ends its clients), so it can be sent elsewhere.
   */
  send(name: RequestName, input: unknown): Promise<Sent>;
}

export type Sent = { answered: true; result: Result<unknown> } | { answered: false; reason: Msg };

export type ConnectOptions = EndpointPlace;

type Listener = (event: EngineEvent) => void;

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
  const pending = new Map<number, { name: RequestName; resolve(sent: Sent): void }>();
  const listeners = new Set<Listener>();
  // The engine named by its pid when its lock names one, else by its endpoint.
  const closedThere = pid === null ? msg('engineErrors.endpoint.closedAt', { path }) : msg('engineErrors.endpoint.closedPid', { pid });
  const closedHere = pid === null ? msg('engineErrors.endpoint.closedHereAt', { path }) : msg('engineErrors.endpoint.closedHerePid', { pid });
  let nextId = 1;
  let endedWith: Msg | null = null;
  let settleEnded: (reason: Msg) => void = () => undefined;
  const ended = new Promise<Msg>((resolve) => (settleEnded = resolve));

  const finish = (reason: Msg): void => {
    if (endedWith === null) endedWith = reason;
    for (const [, call] of pending) call.resolve({ answered: false, reason: endedWith });
    pending.clear();
  };

  const publish = (event: EngineEvent): void => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A broken subscriber (a CLI printer) must not stop the replies and events behind it.
        console.error('paragents: event listener failed:', e);
      }
    }
  };

  const reader = createLineReader({
    onLine(line) {
      let data: unknown;
      try {
        data = JSON.parse(line);
      } catch {
        return; // Not a message; nothing waits on it.
      }
      if (typeof data !== 'object' || data === null) return;
      const message = data as { id?: unknown; result?: unknown; event?: unknown };
      if ('event' in message) {
        const event = message.event as { type?: unknown } | null;
        if (typeof event === 'object' && event !== null && typeof event.type === 'string') publish(event as EngineEvent);
        return;
      }
      if (typeof message.id !== 'number') return;
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      call.resolve({ answered: true, result: isResult(message.result) ? message.result : err('internal', msg('engineErrors.endpoint.notAResult', { request: call.name })) });
    },
  });

  socket.on('data', (chunk: Buffer) => reader.push(chunk));
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    finish(closedThere);
    settleEnded(endedWith ?? closedThere);
  });

  const send = (name: RequestName, input: unknown): Promise<Sent> =>
    new Promise((resolve) => {
      if (endedWith !== null) return resolve({ answered: false, reason: endedWith });
      const id = nextId++;
      let line: string;
      try {
        line = frame({ id, method: name, input });
      } catch (e) {
        return resolve({ answered: true, result: err('invalid_input', msg('engineErrors.endpoint.cannotSend', { request: name, error: (e as Error).message })) });
      }
      pending.set(id, { name, resolve });
      socket.write(line);
    });
  const call = async (name: RequestName, input: unknown): Promise<Result<unknown>> => {
    const sent = await send(name, input);
    return sent.answered ? sent.result : err('internal', sent.reason);
  };

  const handlers = Object.fromEntries(requestNames.map((name) => [name, (input: unknown) => call(name, input)])) as unknown as RequestHandlers;

  return {
    handlers,
    remote: true,
    path,
    pid,
    ended,
    send,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (!socket.destroyed) {
        finish(closedHere);
        socket.destroy();
      }
      await ended;
    },
  };
}
