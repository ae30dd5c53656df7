import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Expect, type Fixture } from './fixture';

const cases: [url: string, expected: Expect, rule?: string][] = [
  ['https://example.com/a', 'auto_approved', 'WebFetch(domain:example.com)'],
  ['https://EXAMPLE.com./a', 'auto_approved', 'WebFetch(domain:example.com)'],
  ['https://www.example.com/', 'needs_approval'],
  ['https://api.docs.dev/x', 'auto_approved', 'WebFetch(domain:*.docs.dev)'],
  ['https://a.b.docs.dev/x', 'auto_approved', 'WebFetch(domain:*.docs.dev)'],
  ['https://docs.dev/x', 'needs_approval'],
  ['https://evildocs.dev/x', 'needs_approval'],
  ['https://bücher.de/', 'auto_approved', 'WebFetch(domain:bücher.de)'],
  ['https://EVIL.com./x', 'blocked', 'WebFetch(domain:evil.com)'],
  ['https://example.com@evil.com/', 'blocked', 'WebFetch(domain:evil.com)'],
  ['http://127.0.0.1/', 'blocked'],
  ['http://localhost:3000/', 'blocked'],
  ['http://app.localhost/', 'blocked'],
  ['http://[::1]/', 'blocked'],
  ['http://[::ffff:127.0.0.1]/', 'blocked'],
  ['http://2130706433/', 'blocked'],
  ['http://0x7f.1/', 'blocked'],
  ['http://169.254.169.254/latest/meta-data', 'blocked'],
  ['http://metadata.google.internal/', 'blocked'],
  ['http://10.0.0.8/', 'blocked'],
  ['http://192.168.1.1/', 'blocked'],
  ['http://172.16.0.1/', 'blocked'],
  ['http://[fd00::1]/', 'blocked'],
  ['http://127.0.0.2:8080/', 'auto_approved', 'WebFetch(domain:127.0.0.2)'],
  ['ftp://example.com/', 'blocked'],
  ['file:///etc/passwd', 'blocked'],
  ['not a url', 'blocked'],
];

describe('WebFetch URLs', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({
      user: {
        permissions: {
          allow: ['WebFetch(domain:example.com)', 'WebFetch(domain:*.docs.dev)', 'WebFetch(domain:bücher.de)', 'WebFetch(domain:127.0.0.2)', 'WebFetch(domain:*.internal)'],
          deny: ['WebFetch(domain:evil.com)'],
        },
      },
    });
  });
  afterAll(() => f.cleanup());
  it.each(cases)('%s → %s', async (url, expected, rule) => {
    const v = await f.decide('WebFetch', { url });
    expect(v.decision, v.reason).toBe(expected);
    if (rule !== undefined) expect(v.rule).toBe(rule);
  });
  it('offers the exact host as the always rule', async () => {
    const v = await f.decide('WebFetch', { url: 'https://Sub.Example.org./x' });
    expect(v.alwaysRules).toEqual(['WebFetch(domain:sub.example.org)']);
  });
});
