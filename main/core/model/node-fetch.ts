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

/** The response's bytes as a web stream; chunks are passed on as they arrive (answers are read as they stream). */
function bodyOf(res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const source = decoded(res);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let settled = false;
      const fail = (error: Error): void => {
        if (settled) return;
        settled = true;
        // As undici's fetch reports them: an abort as an AbortError, a connection lost mid-body as a TypeError
        // whose cause carries the socket's error code.
        controller.error(signal?.aborted ? abortError(error) : new TypeError('terminated', { cause: error }));
      };
      source.on('data', (chunk: Buffer) => {
        if (!settled) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      source.once('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      source.once('error', fail);
      if (source !== res) res.once('error', (error) => source.destroy(error));
      // A socket closed before the body ended, without an error event of its own.
      res.once('close', () => {
        if (!res.complete) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      });
    },
    cancel() {
      res.destroy();
    },
  });
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
