import { chmodSync, lstatSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import { msg } from '../../shared/i18n/message';
import { err, ok, type Result } from '../../shared/result';
import { endpointLocation, prepareEndpointFolder, type EndpointLocation } from './endpoint-path';
import { forgetRecordedFolder, makeRecordedFolder } from './endpoint-record';
import { serveStream, type ServedStream } from './stream-serve';

export { MAX_LINE_BYTES } from './stream-serve';

export interface LocalEndpointOptions {
  /** The data folder; the caller holds its lock (engine.lock), so a socket file found there is stale. */
  home: string;
  engine: { handlers: RequestHandlers; onEvent(listener: (event: EngineEvent) => void): () => void };
  /** Read for XDG_RUNTIME_DIR (the fallback location of a socket whose path in the data folder is too long). */
  env: Readonly<Record<string, string | undefined>>;
  /** The OS temp folder, the fallback's parent when XDG_RUNTIME_DIR is not set. */
  tmpdir: string;
  /** Where a request handler's exception is reported (the client only gets its message). */
  onInternalError?(name: string, error: unknown): void;
}

export interface LocalEndpoint {
  /** The socket path (or the Windows pipe name) clients connect to. */
  path: string;
  /** How many other processes are connected now. */
  clients(): number;
  /** Settles once no other process is connected (at once when none is). */
  idle(): Promise<void>;
  /**
   * Takes no more connections or requests, answers every request it had taken, then ends every client and
   * removes the socket file: a client whose request goes unanswered knows the engine never saw it. `force` ends
   * the clients at once (even during a plain close).
   */
  close(opts?: { force?: boolean }): Promise<void>;
}

/**
 * Serves the engine contract to other Paragents processes of this user on the data folder's local endpoint:
 * the browser host's protocol (`{id, method, input}` in, `{id, result}` and `{event}` out) as one JSON message
 * per line. Requests go through the same `handleMessage` as the WebSocket host, so validation is identical.
 */
export async function listenLocalEndpoint(options: LocalEndpointOptions): Promise<Result<LocalEndpoint>> {
  const located = endpointLocation(options);
  if (!located.ok) return located;
  const placed = located.value;
  // A folder of the temp folder is made now, with a name nobody could have taken first.
  const made = placed.kind === 'recorded' ? makeRecordedFolder(placed) : ok(placed);
  if (!made.ok) return made;
  const location = made.value;
  const forget = (): void => {
    if (placed.kind === 'recorded' && location.kind === 'unix') forgetRecordedFolder(placed, location.folder);
  };
  const cleared = clearStale(location);
  if (!cleared.ok) {
    forget();
    return cleared;
  }

  const clients = new Set<Socket>();
  /** Each connection's requests taken and not answered yet (a reply included). */
  const streams = new Set<ServedStream>();
  let stopping = false;
  let idleWaiters: (() => void)[] = [];
  const server = createServer((socket) => serve(socket));
  // A client's socket errors are its own; the server keeps listening.
  server.on('error', () => undefined);

  function serve(socket: Socket): void {
    clients.add(socket);
    const served = serveStream({
      engine: options.engine,
      input: socket,
      output: socket,
      drop: () => socket.destroy(),
      stopping: () => stopping,
      ...(options.onInternalError ? { onInternalError: options.onInternalError } : {}),
    });
    streams.add(served);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      served.detach();
      streams.delete(served);
      clients.delete(socket);
      if (clients.size > 0) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  const listening = await listen(server, location);
  if (!listening.ok) {
    forget();
    return listening;
  }
  // Inode of the socket made here: close() removes that one only, never a file another process put in its place.
  let inode: number | null = null;
  if (location.kind === 'unix') {
    try {
      // Made inside a 0700 folder, so no one else could connect before this narrows the socket itself.
      chmodSync(location.path, 0o600);
      inode = lstatSync(location.path).ino;
    } catch (e) {
      await closeServer(server, clients);
      forget();
      return err('internal', msg('engineErrors.endpoint.cannotRestrict', { path: location.path, error: (e as Error).message }));
    }
  }

  let closing: Promise<void> | null = null;
  let forced = false;
  let forceNow: () => void = () => undefined;
  const forcing = new Promise<void>((resolve) => (forceNow = resolve));
  return ok({
    path: location.path,
    clients: () => clients.size,
    idle: () => (clients.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    close(opts) {
      if (opts?.force) {
        forced = true;
        forceNow();
        for (const socket of clients) socket.destroy();
      }
      closing ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        if (!forced) await Promise.race([Promise.allSettled([...streams].flatMap((served) => served.inFlight())), forcing]);
        // Ended once the answers written before are sent, so that none is cut off.
        for (const socket of clients) socket.end(() => socket.destroy());
        await closed;
        if (location.kind === 'unix' && inode !== null) removeIfSame(location.path, inode);
        forget();
      })();
      return closing;
    },
  });
}

/** Makes the folder ready and removes a socket left by a process that died (the caller holds the data folder's lock). */
function clearStale(location: Exclude<EndpointLocation, { kind: 'recorded' }>): Result<void> {
  if (location.kind === 'pipe') return ok(undefined);
  const folder = prepareEndpointFolder(location.folder);
  if (!folder.ok) return folder;
  try {
    rmSync(location.path, { force: true });
    return ok(undefined);
  } catch (e) {
    return err('invalid_state', msg('engineErrors.endpoint.cannotRemoveStale', { path: location.path, error: (e as Error).message }));
  }
}

function listen(server: Server, location: Exclude<EndpointLocation, { kind: 'recorded' }>): Promise<Result<void>> {
  return new Promise((resolve) => {
    const failed = (e: Error) => resolve(err('internal', msg('engineErrors.endpoint.cannotListen', { path: location.path, error: e.message })));
    server.once('error', failed);
    server.listen(location.path, () => {
      server.off('error', failed);
      resolve(ok(undefined));
    });
  });
}

async function closeServer(server: Server, clients: Set<Socket>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const socket of clients) socket.destroy();
  await closed;
}

function removeIfSame(path: string, ino: number): void {
  try {
    if (lstatSync(path).ino === ino) rmSync(path, { force: true });
  } catch {
    // Already gone (the server's close removes its own socket file on most platforms).
  }
}
