import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isInnerAddress } from './address-guard';
import { canonicalHost, matchesHost, namesExactly } from './host-lists';
import type { ConnectionVerdict } from './proxy';

/**
 * Asks a person whether this command may reach host:port; true when they allowed it (once, for the session or
 * always). `ended` fires when the command has ended: a question still open is withdrawn.
 */
export type AskNetwork = (host: string, port: number, ended: AbortSignal) => Promise<boolean>;

export interface DeciderInput {
  allowedDomains: readonly string[];
  deniedDomains: readonly string[];
  /** Absent: an unlisted host is refused without asking (a headless run, a confined MCP server). */
  ask?: (host: string, port: number) => Promise<boolean>;
  /** Name resolution; the system's by default. */
  lookup?: (host: string) => Promise<string[]>;
}

/** No control character, space, slash, backslash or `@` in it. */
function wellFormed(host: string): boolean {
  for (const ch of host) {
    const c = ch.charCodeAt(0);
    if (c <= 0x20 || c === 0x7f || ch === '/' || ch === '\\' || ch === '@') return false;
  }
  return true;
}

const systemLookup = async (host: string): Promise<string[]> => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * How one command's connections are decided, in this order: a denied host never; an address inside this machine or
 * its networks only when the lists name the host exactly; a listed host, or one a person allowed during this
 * command; otherwise a person is asked once per host and port (several connections to it wait on the one answer, and
 * the answer holds for the rest of the command).
 */
export function commandDecider(input: DeciderInput): (host: string, port: number) => Promise<ConnectionVerdict> {
  const lookup = input.lookup ?? systemLookup;
  const allowedHere = new Set<string>();
  // A person's "no" holds for the rest of the command: a retrying client does not raise card after card.
  const refusedHere = new Set<string>();
  const asking = new Map<string, Promise<boolean>>();
  return async (raw, port) => {
    const host = canonicalHost(raw);
    // Control characters and spaces are never part of a name a resolver should see (`evil\0.allowed.com`).
    if (host === '' || !wellFormed(host)) return { allow: false, why: 'malformed' };
    if (input.deniedDomains.some((d) => matchesHost(host, port, d))) return { allow: false, why: 'denied' };
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await lookup(host);
    } catch {
      return { allow: false, why: 'unresolved' };
    }
    if (addresses.length === 0) return { allow: false, why: 'unresolved' };
    const exact = input.allowedDomains.some((d) => namesExactly(host, port, d));
    if (!exact && addresses.some(isInnerAddress)) return { allow: false, why: 'inner' };
    const go: ConnectionVerdict = { allow: true, address: addresses[0] as string };
    const key = `${host}:${port}`;
    if (input.allowedDomains.some((d) => matchesHost(host, port, d)) || allowedHere.has(key)) return go;
    if (refusedHere.has(key)) return { allow: false, why: 'refused' };
    if (!input.ask) return { allow: false, why: 'unlisted' };
    let answer = asking.get(key);
    if (!answer) {
      answer = input.ask(host, port).catch(() => false);
      asking.set(key, answer);
    }
    const allowed = await answer;
    asking.delete(key);
    if (!allowed) {
      refusedHere.add(key);
      return { allow: false, why: 'refused' };
    }
    allowedHere.add(key);
    return go;
  };
}
