import ipaddr from 'ipaddr.js';

export interface ParsedUrl {
  href: string;
  /** Lower-case ASCII (IDNA) host without a trailing dot; IPv6 without brackets. */
  host: string;
  /** Why the host must not be fetched unless explicitly allowed, or null for a public host. */
  internal: string | null;
}

const INTERNAL_NAMES = /(^|\.)(localhost|localdomain|internal|local|home\.arpa)$|^(metadata|metadata\.google\.internal|metadata\.goog|instance-data)$/;

export function ipReason(host: string): string | null {
  if (!ipaddr.isValid(host)) return null;
  let addr = ipaddr.parse(host);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  const range = addr.range();
  if (range === 'unicast') {
    const s = addr.toString();
    if (s === '100.100.100.200' || s === 'fd00:ec2::254') return 'a cloud metadata address';
    return null;
  }
  if (addr.toString() === '169.254.169.254') return 'a cloud metadata address';
  return `a ${range} address`;
}

/** WHATWG parsing, http(s) only; the host is what the HTTP client will really connect to. */
export function parseFetchUrl(raw: string): ParsedUrl | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not a valid URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `only http and https URLs can be fetched (got ${url.protocol})`;
  let host = url.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  host = host.replace(/\.$/, '');
  if (host === '') return `"${raw}" has no host`;
  const internal = ipReason(host) ?? (INTERNAL_NAMES.test(host) ? 'a local or internal host name' : null);
  return { href: url.href, host, internal };
}

/** `domain:example.com` is that host only; `domain:*.docs.dev` any subdomain depth, not docs.dev itself. */
export function matchDomain(rule: { domain: string; wildcard: boolean }, host: string): boolean {
  if (!rule.wildcard) return host === rule.domain;
  return host.endsWith(`.${rule.domain}`);
}
