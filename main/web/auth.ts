import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostForUrl, isUnspecifiedAddress, type PublicHost } from './bind-address';

/*
 * Everything here reads attacker-controlled headers and query strings. Each reader answers a value or null (or
 * false); none throws, whatever the bytes: a value that cannot be read is treated as absent, so the request is
 * refused rather than the process brought down.
 */

/** A fresh secret per start of the host; the printed URL carries it. */
export const newToken = (): string => randomBytes(24).toString('base64url');

/** Cookies are not port-scoped, so the name carries the port: two hosts on one machine keep their own. */
export const cookieName = (port: number): string => `paragents_${port}`;

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The one `token` parameter of the query; none, or more than one, is no token. */
export function tokenFromQuery(url: URL): string | null {
  const all = url.searchParams.getAll('token');
  return all.length === 1 ? all[0]! : null;
}

function decodeCookieValue(raw: string): string | null {
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(value);
  } catch {
    return null; // not valid percent-encoding (`%`, `%zz`, a lone surrogate): not a token
  }
}

/**
 * Every value of this host's cookie in the Cookie header. Another page on the same machine can set a cookie of
 * the same name (cookies ignore the port), so there may be several; a value that cannot be decoded is skipped.
 */
export function tokensFromCookie(req: IncomingMessage, port: number): string[] {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return [];
  const name = cookieName(port);
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const value = decodeCookieValue(part.slice(eq + 1).trim());
    if (value !== null) values.push(value);
  }
  return values;
}

/** How the request proved it holds the token, if it did. */
export function authenticate(req: IncomingMessage, url: URL, token: string, port: number): 'query' | 'cookie' | null {
  const q = tokenFromQuery(url);
  if (q !== null && sameSecret(q, token)) return 'query';
  if (tokensFromCookie(req, port).some((c) => sameSecret(c, token))) return 'cookie';
  return null;
}

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** `name:port` of a Host header (port 80 when absent, as HTTP defines), or null when it is not a plain host. */
export function normalizeHostHeader(value: string): string | null {
  const m = HOST_HEADER.exec(value.toLowerCase());
  if (!m) return null;
  return `${m[1]!}:${m[2] === undefined ? 80 : Number(m[2])}`;
}

/**
 * Host names the page may be reached by, as `name:port`: the loopback names, the bound address itself (unless it
 * is every interface), and the names given with `--public-host`. Checking Host defeats DNS rebinding (a hostile
 * page whose name resolves to this machine); the token and the Origin check still apply on top.
 */
export function allowedHosts(bind: string, port: number, publicHosts: readonly PublicHost[] = []): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!isUnspecifiedAddress(bind)) names.push(hostForUrl(bind));
  const hosts = new Set(names.map((n) => `${n}:${port}`));
  for (const p of publicHosts) hosts.add(`${p.name}:${p.port ?? port}`);
  return hosts;
}

/** The single Host header, if it names this host. A missing, repeated or malformed Host is refused. */
export function hostAllowed(req: IncomingMessage, hosts: ReadonlySet<string>): boolean {
  const all = req.headersDistinct.host;
  if (all?.length !== 1) return false;
  const normal = normalizeHostHeader(all[0]!);
  return normal !== null && hosts.has(normal);
}

/** The WebSocket must come from a page this host served: one Origin, equal to http://<the Host it connected to>. */
export function originAllowed(req: IncomingMessage, hosts: ReadonlySet<string>): boolean {
  const origins = req.headersDistinct.origin;
  if (origins?.length !== 1 || !hostAllowed(req, hosts)) return false;
  return origins[0]!.toLowerCase() === `http://${req.headers.host!.toLowerCase()}`;
}
