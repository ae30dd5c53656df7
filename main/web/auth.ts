import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh secret per start of the host; the printed URL carries it. */
export const newToken = (): string => randomBytes(24).toString('base64url');

/** Cookies are not port-scoped, so the name carries the port: two hosts on one machine keep their own. */
export const cookieName = (port: number): string => `paragents_${port}`;

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function tokenFromQuery(url: URL): string | null {
  return url.searchParams.get('token');
}

export function tokenFromCookie(req: IncomingMessage, port: number): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const name = cookieName(port);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** How the request proved it holds the token, if it did. */
export function authenticate(req: IncomingMessage, url: URL, token: string, port: number): 'query' | 'cookie' | null {
  const q = tokenFromQuery(url);
  if (q !== null && sameSecret(q, token)) return 'query';
  const c = tokenFromCookie(req, port);
  if (c !== null && sameSecret(c, token)) return 'cookie';
  return null;
}

/**
 * Host names the page may be reached by. Checking Host defeats DNS rebinding (a hostile page whose name
 * resolves to 127.0.0.1); the token is still required on top.
 */
export function allowedHosts(host: string, port: number): Set<string> | null {
  if (host === '0.0.0.0' || host === '::') return null; // bound everywhere: any name, still token + origin checked
  const names = new Set([host, '127.0.0.1', 'localhost', '[::1]']);
  return new Set([...names].map((n) => `${n.includes(':') && !n.startsWith('[') ? `[${n}]` : n}:${port}`));
}

export function hostAllowed(req: IncomingMessage, hosts: Set<string> | null): boolean {
  return typeof req.headers.host === 'string' && (hosts === null || hosts.has(req.headers.host.toLowerCase()));
}

/** The WebSocket must come from a page this host served: Origin equals http://<the Host it connected to>. */
export function originAllowed(req: IncomingMessage, hosts: Set<string> | null): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host?.toLowerCase();
  if (!origin || !host || !hostAllowed(req, hosts)) return false;
  return origin.toLowerCase() === `http://${host}`;
}
