import { isIP } from 'node:net';

/** Lowercased, without the brackets of an IPv6 literal or a trailing dot: the spelling lists are matched against. */
export function canonicalHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/**
 * Whether a pattern names host:port: `example.com` exactly, `*.example.com` below it (not the domain itself),
 * `*` every host; a pattern may end with `:port` to name that port alone.
 */
export function matchesHost(host: string, port: number, pattern: string): boolean {
  let p = pattern.trim().toLowerCase();
  const withPort = /^(.*[^:]):(\d+)$/.exec(p);
  // An IPv6 literal has colons of its own: only a bracketed one can carry a port.
  if (withPort && (isIP(withPort[1] as string) !== 6 || p.startsWith('['))) {
    if (Number(withPort[2]) !== port) return false;
    p = withPort[1] as string;
  }
  p = canonicalHost(p);
  const h = canonicalHost(host);
  if (p === '*') return true;
  if (p.startsWith('*.')) return h.endsWith(p.slice(1));
  return h === p;
}

/** A pattern that names one host (no wildcard): listing it is what lets a private or loopback address through. */
export const namesExactly = (host: string, port: number, pattern: string): boolean => !pattern.includes('*') && matchesHost(host, port, pattern);
