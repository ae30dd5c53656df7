import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { ToolError } from './errors';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const HEADERS = {
  'user-agent': 'Paragents-WebFetch/1',
  accept: 'text/html, application/xhtml+xml, text/markdown;q=0.9, text/plain;q=0.9, application/json;q=0.8, */*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
};

/** One GET: a redirect (not followed here), or a status with the first `maxBytes` of the decoded body. */
export type HopResponse =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'body';
      status: number;
      statusText: string;
      headers: IncomingHttpHeaders;
      body: Buffer;
      /** The body went on past `maxBytes`; reading stopped there. */
      truncated: boolean;
    };

export interface HopOptions {
  /** Resolves and checks the host's addresses at connect time (see webfetch-address.ts). */
  lookup: LookupFunction;
  signal: AbortSignal;
  maxBytes: number;
}

function send(url: URL, opts: HopOptions): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    // agent: false gives each request its own connection: a kept-alive socket would skip the address check.
    const req = request(url, { method: 'GET', headers: HEADERS, lookup: opts.lookup, agent: false, signal: opts.signal }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** The body as sent, decompressed per Content-Encoding. */
function decoded(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  switch (encoding) {
    case '':
    case 'identity':
      return res;
    case 'gzip':
    case 'x-gzip':
      decoder = zlib.createGunzip();
      break;
    case 'deflate':
      decoder = zlib.createInflate();
      break;
    case 'br':
      decoder = zlib.createBrotliDecompress();
      break;
    default:
      res.destroy();
      throw new ToolError(`The server sent the body with Content-Encoding "${encoding}", which WebFetch cannot decode.`);
  }
  return pipeline(res, decoder, () => undefined);
}

/** Reads at most `maxBytes` (decoded, so a small compressed body cannot grow past the cap), then stops. */
async function readCapped(res: IncomingMessage, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      if (size + buf.length > maxBytes) {
        chunks.push(buf.subarray(0, maxBytes - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(buf);
      size += buf.length;
    }
  } finally {
    res.destroy();
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

export async function getOnce(url: URL, opts: HopOptions): Promise<HopResponse> {
  const res = await send(url, opts);
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if (REDIRECTS.has(status) && location !== undefined) {
    res.destroy();
    return { kind: 'redirect', status, location };
  }
  const { body, truncated } = await readCapped(res, opts.maxBytes);
  return { kind: 'body', status, statusText: res.statusMessage ?? '', headers: res.headers, body, truncated };
}
