import ipaddr from 'ipaddr.js';
import { msg, type Msg } from '../../../shared/i18n/message';

export interface ParsedUrl {
  href: string;
  /** Lower-case ASCII (IDNA) host without a trailing dot; IPv6 without brackets. */
  host: string;
  /** Why the host must not be fetched unless explicitly allowed, or null for a public host. */
  internal: Msg | null;
}

const INTERNAL_NAMES = /(^|\.)(localhost|localdomain|internal|local|home\.arpa)$|^(metadata|metadata\.google\.internal|metadata\.goog|instance-data)$/;

export function ipReason(host: string): Msg | null {
  if (!ipaddr.isValid(host)) return null;
  let addr = ipaddr.parse(host);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  const range = addr.range();
  if (range === 'unicast') {
    const s = addr.toString();
    if (s === '100.100.100.200' || s === 'fd00:ec2::254') return msg('reasons.cloudMetadata');
    return null;
  }
  if (addr.toString() === '169.254.169.254') return msg('reasons.cloudMetadata');
  return msg('reasons.rangeAddress', { range: rangeWord(range) });
}

const RANGES = ['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified', 'multicast', 'broadcast', 'carrierGradeNat', 'reserved'] as const;
type Range = (typeof RANGES)[number];

/** ipaddr.js's range name as a word of the catalog's closed set; a range it adds later stays as it names it. */
function rangeWord(range: string): Msg | string {
  return (RANGES as readonly string[]).includes(range) ? msg(`reasons.range.${range as Range}`) : range;
}

/**
 * WHATWG parsing, http(s) only; the host is what the HTTP client will really connect to. Why not, as a sentence.
 * WebFetch fetches what this parses, and the policy's `WebFetch(domain:…)` rules are matched on the same host.
 */
export function parseFetchUrl(raw: string): ParsedUrl | Msg {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return msg('reasons.invalidUrl', { url: raw });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return msg('reasons.onlyHttp', { protocol: url.protocol });
  let host = url.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  host = host.replace(/\.$/, '');
  if (host === '') return msg('reasons.noHost', { url: raw });
  const internal = ipReason(host) ?? (INTERNAL_NAMES.test(host) ? msg('reasons.localHostName') : null);
  return { href: url.href, host, internal };
}
