import ipaddr from 'ipaddr.js';

/*
 * Which addresses the browser host may listen on, and which names a request's Host header may carry. Loopback is
 * the default and the only bind accepted without `--allow-remote`; the Host allow-list stays on for every bind.
 */

/**
 * 127.0.0.0/8, ::1 (also as an IPv4-mapped ::ffff:127.x.y.z) and the name `localhost`. Anything else — a LAN
 * address, a host name, 0.0.0.0 or :: (every interface), or a shorthand like `127.1` — counts as remote.
 */
export function isLoopbackAddress(host: string): boolean {
  const h = host.toLowerCase();
  if (h === 'localhost') return true;
  if (ipaddr.IPv4.isValidFourPartDecimal(h)) return ipaddr.IPv4.parse(h).range() === 'loopback';
  if (ipaddr.IPv6.isValid(h)) return ipaddr.process(h).range() === 'loopback';
  return false;
}

/** 0.0.0.0 or :: — every interface, so no single name of its own. */
export function isUnspecifiedAddress(host: string): boolean {
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'unspecified';
}

/** A host as it appears in a Host header: IPv6 in brackets. */
export function hostForUrl(host: string): string {
  return ipaddr.IPv6.isValid(host) ? `[${host.toLowerCase()}]` : host.toLowerCase();
}

/** A name the page may be reached by; `port` null means "the port the host listens on". */
export interface PublicHost {
  name: string;
  port: number | null;
}

const NAME = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*$/;

function validPort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : null;
}

/**
 * `--public-host` values: `NAME` (matched on the port the host listens on) or `NAME:PORT` (matched on that port
 * only, for a forwarded or proxied port). NAME is a DNS name or an IP address; IPv6 with a port goes in brackets
 * (`[fd00::1]:8080`), a bare IPv6 address has no port.
 */
export function parsePublicHost(value: string): { ok: true; value: PublicHost } | { ok: false; message: string } {
  const text = value.trim().toLowerCase();
  const bad = { ok: false as const, message: `--public-host "${value}" is not a host name, IP address or NAME:PORT` };
  if (ipaddr.IPv6.isValid(text)) return { ok: true, value: { name: `[${text}]`, port: null } };
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (bracketed) {
    if (!ipaddr.IPv6.isValid(bracketed[1]!)) return bad;
    const port = bracketed[2] === undefined ? null : validPort(bracketed[2]);
    if (bracketed[2] !== undefined && port === null) return bad;
    return { ok: true, value: { name: `[${bracketed[1]!}]`, port } };
  }
  const colon = text.lastIndexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const port = colon === -1 ? null : validPort(text.slice(colon + 1));
  if (colon !== -1 && port === null) return bad;
  if (name.length === 0 || name.length > 253 || !NAME.test(name)) return bad;
  return { ok: true, value: { name, port } };
}
