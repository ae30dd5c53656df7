import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/**
 * Idle connections are closed after this long, before the usual servers' keep-alive timeout (5 s in Node and
 * most proxies), so a request never goes out on a connection the server is closing.
 */
const IDLE_SOCKET_MS = 4000;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function decoded(res: IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

/** The reader's share of one turn of the event loop: past this, the next chunk waits for the next turn. */
const SLICE_MS = 8;
/**
 * Bytes waiting for the reader above which the socket is paused (it then fills the kernel's buffer, not ours).
 * Reading costs too (a 64 KB read of small events is hundreds of 'data' events): pausing at 256 KB also bounds
 * what one turn of the loop reads while the reader waits for its next share.
 */
const QUEUED_HIGH = 256 * 1024;

/**
 * The response's bytes as a web stream, read as they stream. libuv reads a busy socket up to 32 times in one turn
 * of the event loop, and the reader drains each read in microtasks at once, so a fast stream (a 4 MB tool call's
 * arguments, a million events) kept the loop in one task for 60–70 ms at a time. Here the reader gets 8 ms of a
 * turn; the next chunk then waits for the loop's next turn (timers, IPC and other sessions' streams go first), and
 * what arrives meanwhile waits in a queue that pauses the socket once it holds 256 KB.
 */
function bodyOf(res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const source = decoded(res);
  const queue = new ByteQueue();
  let ended = false;
  let failure: Error | null = null;
  let cancelled = false;
  let wake: (() => void) | null = null;
  // When the reader's share of this turn of the event loop began; null once the loop has reached its check phase
  // since (libuv reads a socket up to 32 times in one poll phase, so "a new read" is not "a new turn").
  let sliceStart: number | null = null;
  const endSlice = (): void => {
    sliceStart = null;
  };
  const notify = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (error: Error): void => {
    if (ended || failure) return;
    // As undici's fetch reports them: an abort as an AbortError, a connection lost mid-body as a TypeError
    // whose cause carries the socket's error code.
    failure = signal?.aborted ? abortError(error) : new TypeError('terminated', { cause: error });
    notify();
  };
  source.on('data', (chunk: Buffer) => {
    if (ended || failure) return;
    queue.push(chunk);
    if (queue.bytes > QUEUED_HIGH) source.pause();
    notify();
  });
  source.once('end', () => {
    if (failure) return;
    ended = true;
    notify();
  });
  source.once('error', fail);
  if (source !== res) res.once('error', (error) => source.destroy(error));
  // A socket closed before the body ended, without an error event of its own.
  res.once('close', () => {
    if (!res.complete) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Waits for a chunk, the end, a failure or the reader letting go.
        for (;;) {
          if (queue.bytes === 0 && !ended && !failure && !cancelled) {
            await new Promise<void>((resolve) => (wake = resolve));
            continue;
          }
          if (sliceStart !== null && performance.now() - sliceStart > SLICE_MS) {
            // Scheduled after endSlice, so the next share starts fresh.
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
          if (sliceStart === null) {
            sliceStart = performance.now();
            setImmediate(endSlice);
          }
          // The reader may have let go while this waited for its turn.
          if (cancelled) return;
          const piece = queue.take();
          if (piece) {
            if (queue.bytes <= QUEUED_HIGH / 2 && source.isPaused()) source.resume();
            controller.enqueue(piece);
          } else if (failure) {
            controller.error(failure);
          } else {
            controller.close();
          }
          return;
        }
      },
      cancel() {
        cancelled = true;
        res.destroy();
        notify();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Bytes read and not yet handed on, each chunk as it was read: the SDK's SSE splitter copies what it holds of an
 * unfinished event once per chunk, so cutting chunks smaller makes a large event (one 8 MB tool-call delta)
 * quadratic, and joining them copies what a small-event stream did not need copied.
 */
class ByteQueue {
  private chunks: Buffer[] = [];
  private head = 0;
  bytes = 0;

  push(chunk: Buffer): void {
    if (chunk.byteLength === 0) return;
    this.chunks.push(chunk);
    this.bytes += chunk.byteLength;
  }

  /** The oldest chunk read, or null when none waits. */
  take(): Uint8Array | null {
    if (this.head === this.chunks.length) return null;
    const piece = this.chunks[this.head] as Buffer;
    this.head++;
    // Dropping what was read in one go keeps each take's cost independent of how much waits behind it.
    if (this.head > 1024 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
    this.bytes -= piece.byteLength;
    return new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
  }
}

function abortError(cause: Error): Error {
  return Object.assign(new Error('This operation was aborted'), { name: 'AbortError', cause });
}

function headersOf(res: IncomingMessage): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else out.set(name, value);
  }
  return out;
}

/**
 * `fetch` for the model client over Node's own HTTP client. The SDK's requests are small JSON POSTs whose
 * answers stream back; undici's fetch spends about as much CPU per request and per streamed chunk again as the
 * request itself needs here, and that is paid at every model step of every session. Anything this does not
 * handle the same way (another body type, a redirect) goes to the global fetch. Errors are reported as
 * undici's are: a TypeError whose `cause` is the socket's error, with its code.
 */
export function createNodeFetch(opts: { idleSocketMs?: number } = {}): typeof fetch {
  // The timeout closes idle kept-alive sockets only: a request in flight may be silent for longer (a slow first
  // token, a long pause mid-answer); the attempt's own silence timer decides about those.
  const timeout = opts.idleSocketMs ?? IDLE_SOCKET_MS;
  const agents = { http: new HttpAgent({ keepAlive: true, timeout }), https: new HttpsAgent({ keepAlive: true, timeout }) };
  const nodeFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    if (input instanceof Request || (body != null && typeof body !== 'string' && !(body instanceof Uint8Array))) return fetch(input, init);
    const url = new URL(input);
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') return fetch(input, init);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (body != null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      const options = { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http, ...(signal ? { signal } : {}) };
      const req = (secure ? httpsRequest : httpRequest)(url, options, (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          res.resume();
          resolve(fetch(input, init));
          return;
        }
        const nullBody = NULL_BODY_STATUSES.has(status) || options.method === 'HEAD';
        if (nullBody) res.resume();
        resolve(new Response(nullBody ? null : bodyOf(res, signal), { status, statusText: res.statusMessage ?? '', headers: headersOf(res) }));
      });
      req.once('error', (error) => {
        // An abort is reported as fetch reports it; anything else as a failed fetch with the cause attached.
        if (signal?.aborted || error.name === 'AbortError') reject(abortError(error));
        else reject(new TypeError('fetch failed', { cause: error }));
      });
      req.end(body ?? undefined);
    });
  };
  return nodeFetch as typeof fetch;
}
