import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationWithoutToken, parseRequestTarget, queryWithoutToken } from '../../main/web/request-target';
import { haveChromium, launchChromium } from '../e2e/harness';
import { startTestHost, type TestHost } from './host-fixture';
import { getRequest, rawExchange } from './raw-http';

/*
 * The token is in the printed URL only: the first GET that carries it is answered with a redirect to the same
 * URL without it, and the cookie is set on that redirect, so the token is not left in the address bar or in the
 * history.
 */

let t: TestHost;
let port: number;
let token: string;

beforeAll(async () => {
  t = await startTestHost();
  port = t.web.port;
  token = t.web.token;
});

afterAll(async () => {
  await t?.close();
});

describe('the query without its token', () => {
  it.each([
    ['', ''],
    ['?', ''],
    ['?token=T', ''],
    ['?token', ''],
    ['?token=T&token=U', ''],
    ['?a=1&token=T&b=%zz', '?a=1&b=%zz'],
    ['?tok%65n=T&a', '?a'],
    ['?a=%20b+c&token=T', '?a=%20b+c'],
    ['?tokens=1&xtoken=2&token=T', '?tokens=1&xtoken=2'],
  ])('%j → %j', (search, want) => {
    expect(queryWithoutToken(search)).toBe(want);
  });

  it('keeps the path on this host: one leading slash, whatever the target', () => {
    expect(locationWithoutToken(new URL('http://host.invalid/assets/app.js?v=2&token=T'))).toBe('/assets/app.js?v=2');
    expect(parseRequestTarget('//evil.example/x?token=T')).toBeNull();
    expect(parseRequestTarget('/.//evil.example?token=T')).toBeNull();
    expect(parseRequestTarget('/\\evil.example')).toBeNull();
    expect(parseRequestTarget('http://evil.example/')).toBeNull();
    expect(parseRequestTarget('/%2F%2Fevil.example')?.pathname).toBe('/%2F%2Fevil.example');
  });
});

describe('first load with ?token=', () => {
  const host = () => `Host: 127.0.0.1:${port}`;

  it('answers 303 to the same path without the token and sets the cookie on the redirect', async () => {
    const answer = await rawExchange(port, getRequest(`/?token=${token}`, [host()]));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['set-cookie']).toBe(`paragents_${port}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-length']).toBe('0');
  });

  it.each([
    ['/?token=T&session=abc', '/?session=abc'],
    ['/?a=1&token=T&b=2', '/?a=1&b=2'],
    ['/assets/app.js?v=2&token=T', '/assets/app.js?v=2'],
    ['/?tok%65n=T&x=%zz', '/?x=%zz'],
    ['/missing?token=T', '/missing'],
    ['/a/../?token=T', '/'],
  ])('%s → Location %s', async (target, location) => {
    const answer = await rawExchange(port, getRequest(target.replace('=T', `=${token}`), [host()]));
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(location);
    expect(answer.headers['set-cookie']).toContain(`paragents_${port}=${token};`);
  });

  it('redirects HEAD the same way, and the cookie alone then serves the page', async () => {
    const head = await rawExchange(port, getRequest(`/?token=${token}`, [host()]).replace(/^GET/, 'HEAD'));
    expect(head.status).toBe(303);
    expect(head.headers.location).toBe('/');
    const cookie = head.headers['set-cookie']!.split(';')[0]!;
    const page = await rawExchange(port, getRequest('/', [host(), `Cookie: ${cookie}`, 'Connection: close']), { halfClose: false });
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.text).toContain('<title>panel</title>');
  });

  it('never redirects to a target the browser would read as another host', async () => {
    for (const target of [`//evil.example/?token=${token}`, `/.//evil.example/?token=${token}`, `/\\evil.example/?token=${token}`]) {
      const answer = await rawExchange(port, getRequest(target, [host()]));
      expect(answer.status, target).toBe(400);
      expect(answer.headers.location, target).toBeUndefined();
      expect(answer.headers['set-cookie'], target).toBeUndefined();
    }
  });
});

describe.skipIf(!haveChromium())('in Chromium', () => {
  it('the address bar and the history lose the token; the page still opens its socket by cookie', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(t.web.url);
      expect(page.url()).toBe(`http://127.0.0.1:${port}/`);
      expect(await page.title()).toBe('panel');
      // The redirect replaced the tokened entry: one step back is the blank page the tab started on.
      await page.goBack();
      expect(page.url()).toBe('about:blank');
      await page.goForward();
      expect(page.url()).toBe(`http://127.0.0.1:${port}/`);
      // Evaluated in the page (strings: this file is type-checked without the DOM library).
      expect(await page.evaluate('document.cookie')).toBe(''); // HttpOnly: the page cannot read it either
      const reply = (await page.evaluate(`new Promise((resolve, reject) => {
        const ws = new WebSocket('ws://' + location.host + '/ws');
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: 'session.list', input: {} }));
        ws.onmessage = (e) => resolve(String(e.data));
        ws.onerror = () => reject(new Error('socket refused'));
      })`)) as string;
      expect(JSON.parse(reply)).toEqual({ id: 1, result: { ok: true, value: [] } });
    } finally {
      await browser.close();
    }
  });
});
