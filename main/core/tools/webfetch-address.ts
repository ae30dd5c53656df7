import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { msg, type Msg } from '../../../shared/i18n/message';
import { MsgError } from '../../../shared/msg-error';
import { ipReason, type ParsedUrl } from './webfetch-url';

/** Every address a host name resolves to (the composition root's resolver: the system's, or a test's). */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Says whether a rule names an internal address itself (`WebFetch(domain:127.0.0.1)`); see webfetch-access.ts. */
export type AddressAllowed = (address: string) => Promise<boolean>;

/** A connection the address check refused; its message (the English of its Msg) is written for the model. */
export class AddressRefused extends MsgError {
  override name = 'AddressRefused';
}

/** The address as ipaddr.js reads it, an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as the IPv4 it is. */
function canonical(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toString();
}

/**
 * Why WebFetch must not connect to `address` for `url`, or null when it may. A public address is fine. An
 * internal one (loopback, private, link-local, CGNAT, unspecified, multicast, cloud metadata) is fine only when
 * the URL's host is itself an internal name or address (the policy lets those through only by a rule naming
 * that exact host), or when a rule names the address itself. So a public-looking name that resolves to
 * 127.0.0.1 or 169.254.169.254 is refused even when a rule allows the name.
 */
export async function addressRefusal(url: ParsedUrl, address: string, allowed: AddressAllowed): Promise<Msg | null> {
  if (!ipaddr.isValid(address)) return msg('reasons.addressNotIp', { host: url.host, address });
  const ip = canonical(address);
  const reason = ipReason(ip);
  if (reason === null) return null;
  if (url.internal !== null) return null;
  if (await allowed(ip)) return null;
  return msg('reasons.addressInternal', { host: url.host, ip, why: reason });
}

/**
 * A `lookup` for http(s).request that resolves the name and checks every address before the socket connects
 * to one, so the address checked is the address connected to (no second resolution in between).
 */
export function guardedLookup(url: ParsedUrl, resolve: HostResolver, allowed: AddressAllowed): LookupFunction {
  return (hostname, options, callback) => {
    const check = async (): Promise<LookupAddress[]> => {
      let found = await resolve(hostname);
      if (options.family === 4 || options.family === 6) found = found.filter((a) => a.family === options.family);
      if (found.length === 0) throw new AddressRefused(msg('reasons.addressNone', { host: hostname }));
      for (const a of found) {
        const refusal = await addressRefusal(url, a.address, allowed);
        if (refusal !== null) throw new AddressRefused(refusal);
      }
      return found;
    };
    check().then(
      (found) => {
        const first = found[0] as LookupAddress;
        if (options.all) callback(null, found);
        else callback(null, first.address, first.family);
      },
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), ''),
    );
  };
}
