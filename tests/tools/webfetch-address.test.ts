import { describe, expect, it } from 'vitest';
import { english, render, type Msg } from '../../shared/i18n/message';
import { parseFetchUrl, type ParsedUrl } from '../../main/core/tools/webfetch-url';
import { AddressRefused, addressRefusal, guardedLookup } from '../../main/core/tools/webfetch-address';
import { testResolver } from './webfetch-fixture';

function parsed(raw: string): ParsedUrl {
  const url = parseFetchUrl(raw);
  if (!('host' in url)) throw new Error(url.key);
  return url;
}

const never = async (): Promise<boolean> => false;

/** A refusal's English, as the model reads it; null when the address is let through. */
const said = (refusal: Msg | null): string | null => (refusal === null ? null : english(refusal));

describe('addressRefusal', () => {
  const site = parsed('https://docs.example.com/a');
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.9.8.7', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['10.0.0.8', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['fc00::1', 'a uniqueLocal address'],
    ['fd12:3456::1', 'a uniqueLocal address'],
    ['169.254.1.1', 'a linkLocal address'],
    ['fe80::1', 'a linkLocal address'],
    ['100.64.0.1', 'a carrierGradeNat address'],
    ['100.127.255.254', 'a carrierGradeNat address'],
    ['0.0.0.0', 'a unspecified address'],
    ['::', 'a unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['100.100.100.200', 'a carrierGradeNat address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a cloud metadata address'],
  ])('refuses %s for a public name (%s)', async (address, why) => {
    const refusal = await addressRefusal(site, address, never);
    expect(said(refusal)).toMatch(new RegExp(`^docs\\.example\\.com resolved to [0-9a-f.:]+, ${why};`));
  });

  it.each(['93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', async (address) => {
    expect(await addressRefusal(site, address, never)).toBeNull();
  });

  it('names an IPv4-mapped address as the IPv4 it is, and asks about that one', async () => {
    const asked: string[] = [];
    const refusal = await addressRefusal(site, '::ffff:10.0.0.1', async (ip) => (asked.push(ip), false));
    expect(said(refusal)).toBe(
      'docs.example.com resolved to 10.0.0.1, a private address; WebFetch does not connect there unless a rule names that address ' +
        '(WebFetch(domain:10.0.0.1)) or the URL names an internal host that a rule allows',
    );
    // People read the same refusal in their language, the address and host kept as written.
    const zh = render('zh-CN', refusal as Msg);
    expect(zh).toContain('docs.example.com 解析为 10.0.0.1，私有地址；');
    expect(zh).not.toContain('WebFetch does not connect');
    expect(asked).toEqual(['10.0.0.1']);
  });

  it('lets an internal address through when a rule names it, or when the URL names an internal host', async () => {
    expect(await addressRefusal(site, '127.0.0.1', async (ip) => ip === '127.0.0.1')).toBeNull();
    expect(await addressRefusal(parsed('http://localhost:3000/'), '127.0.0.1', never)).toBeNull();
    expect(await addressRefusal(parsed('http://10.0.0.8/'), '10.0.0.8', never)).toBeNull();
  });
});

describe('guardedLookup', () => {
  const lookupOnce = (raw: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; address: unknown; family: unknown }>((resolve) => {
      const url = parsed(raw);
      guardedLookup(url, testResolver(), never)(url.host, options, (error, address, family) => resolve({ error, address, family }));
    });

  it('hands the checked addresses to the socket in the shape it asked for', async () => {
    expect(await lookupOnce('http://localhost/', { all: true })).toEqual({ error: null, address: [{ address: '127.0.0.1', family: 4 }], family: undefined });
    expect(await lookupOnce('http://localhost/', {})).toEqual({ error: null, address: '127.0.0.1', family: 4 });
  });

  it('fails the connection when any address of a name is refused', async () => {
    const { error } = await lookupOnce('http://mixed.test/', { all: true });
    expect(error).toBeInstanceOf(AddressRefused);
    expect(error?.message).toMatch(/^mixed\.test resolved to 127\.0\.0\.1, a loopback address;/);
  });

  it('reports a name with no address of the family asked for', async () => {
    const { error } = await lookupOnce('http://localhost/', { family: 6 });
    expect(error?.message).toBe('localhost did not resolve to any address');
  });
});
