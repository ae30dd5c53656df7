// How a confined command's connections are decided, with the names resolved by a table instead of DNS (the
// machine has no outside DNS): deny wins, inner addresses need the host listed exactly, a listed host goes
// through, an unlisted one asks a person once (concurrent connections share the answer, and a "no" holds).
import { describe, expect, it } from 'vitest';
import { commandDecider } from '../../main/core/sandbox/net/decider';
import { isInnerAddress } from '../../main/core/sandbox/net/address-guard';
import { matchesHost } from '../../main/core/sandbox/net/host-lists';

const names: Record<string, string[]> = {
  'registry.npmjs.org': ['104.16.0.35'],
  'api.example.com': ['93.184.215.14'],
  'rebind.example.com': ['10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'dev.local': ['192.168.1.20'],
};
const lookup = async (h: string): Promise<string[]> => {
  const found = names[h];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

describe('the address guard', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.9', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '0.0.0.0'])(
    '%s is inside',
    (a) => expect(isInnerAddress(a)).toBe(true),
  );
  it.each(['93.184.215.14', '104.16.0.35', '2606:4700::6810:85e5', '198.51.100.23'])('%s is outside', (a) => expect(isInnerAddress(a)).toBe(false));
});

describe('host patterns', () => {
  it('matches exactly, below a *. pattern, and a pattern with a port only that port', () => {
    expect(matchesHost('api.example.com', 443, 'api.example.com')).toBe(true);
    expect(matchesHost('API.Example.com.', 443, 'api.example.com')).toBe(true);
    expect(matchesHost('a.b.example.com', 443, '*.example.com')).toBe(true);
    expect(matchesHost('example.com', 443, '*.example.com')).toBe(false);
    expect(matchesHost('evilexample.com', 443, '*.example.com')).toBe(false);
    expect(matchesHost('api.example.com', 8443, 'api.example.com:443')).toBe(false);
    expect(matchesHost('api.example.com', 443, 'api.example.com:443')).toBe(true);
  });
});

describe('a command’s connections', () => {
  it('goes to a listed host at the address the check resolved', async () => {
    const decide = commandDecider({ allowedDomains: ['*.npmjs.org'], deniedDomains: [], lookup });
    expect(await decide('registry.npmjs.org', 443)).toEqual({ allow: true, address: '104.16.0.35' });
  });

  it('refuses a denied host even when an allow names it, and never asks', async () => {
    let asked = 0;
    const decide = commandDecider({ allowedDomains: ['*.example.com'], deniedDomains: ['api.example.com'], lookup, ask: async () => (++asked, true) });
    expect(await decide('api.example.com', 443)).toEqual({ allow: false, why: 'denied' });
    expect(asked).toBe(0);
  });

  it('refuses loopback, private and metadata addresses unless the host is listed exactly', async () => {
    let asked = 0;
    const ask = async (): Promise<boolean> => (++asked, true);
    const wild = commandDecider({ allowedDomains: ['*.example.com'], deniedDomains: [], lookup, ask });
    expect(await wild('rebind.example.com', 80)).toEqual({ allow: false, why: 'inner' });
    expect(await wild('metadata.example.com', 80)).toEqual({ allow: false, why: 'inner' });
    expect(await wild('127.0.0.1', 8080)).toEqual({ allow: false, why: 'inner' });
    expect(asked).toBe(0);
    const exact = commandDecider({ allowedDomains: ['dev.local'], deniedDomains: [], lookup });
    expect(await exact('dev.local', 3000)).toEqual({ allow: true, address: '192.168.1.20' });
  });

  it('asks once about an unlisted host: concurrent connections share the answer, and it holds for the command', async () => {
    const asked: string[] = [];
    let answer!: (yes: boolean) => void;
    const gate = new Promise<boolean>((resolve) => (answer = resolve));
    const decide = commandDecider({ allowedDomains: [], deniedDomains: [], lookup, ask: async (h, p) => (asked.push(`${h}:${p}`), gate) });
    const both = Promise.all([decide('api.example.com', 443), decide('api.example.com', 443)]);
    answer(true);
    expect(await both).toEqual([{ allow: true, address: '93.184.215.14' }, { allow: true, address: '93.184.215.14' }]);
    expect(await decide('api.example.com', 443)).toEqual({ allow: true, address: '93.184.215.14' });
    expect(asked).toEqual(['api.example.com:443']);
  });

  it('a "no" holds for the rest of the command; with no one to ask an unlisted host is refused', async () => {
    let asked = 0;
    const decide = commandDecider({ allowedDomains: [], deniedDomains: [], lookup, ask: async () => (++asked, false) });
    expect(await decide('api.example.com', 443)).toEqual({ allow: false, why: 'refused' });
    expect(await decide('api.example.com', 443)).toEqual({ allow: false, why: 'refused' });
    expect(asked).toBe(1);
    const headless = commandDecider({ allowedDomains: [], deniedDomains: [], lookup });
    expect(await headless('api.example.com', 443)).toEqual({ allow: false, why: 'unlisted' });
  });

  it('refuses a malformed name and one that does not resolve', async () => {
    const decide = commandDecider({ allowedDomains: ['*'], deniedDomains: [], lookup });
    expect(await decide('evil\u0000.npmjs.org', 443)).toEqual({ allow: false, why: 'malformed' });
    expect(await decide('nowhere.invalid', 443)).toEqual({ allow: false, why: 'unresolved' });
  });
});
