import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { allowedHosts } from '../../main/web/auth';
import { isLoopbackAddress, parsePublicHost } from '../../main/web/bind-address';
import { startWebHost } from '../../main/web/web-host';
import { startTestHost } from './host-fixture';
import { getRequest, rawExchange, upgradeRequest } from './raw-http';

/*
 * A bind that is not loopback is refused unless remote access is asked for; with it, the Host allow-list stays
 * (loopback names plus the --public-host names), and the token and the Origin check still apply.
 */

describe('loopback detection', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['127.255.255.254', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.5', false],
    ['10.0.0.1', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['127.1', false], // shorthand the resolver would widen: not taken on trust
    ['localhost.', false],
    ['my-laptop', false],
    ['', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackAddress(host)).toBe(loopback);
  });
});

describe('--public-host values', () => {
  it.each([
    ['box.example', { name: 'box.example', port: null }],
    ['Box.Example:8443', { name: 'box.example', port: 8443 }],
    ['192.168.1.5', { name: '192.168.1.5', port: null }],
    ['192.168.1.5:80', { name: '192.168.1.5', port: 80 }],
    ['fd00::1', { name: '[fd00::1]', port: null }],
    ['[fd00::1]', { name: '[fd00::1]', port: null }],
    ['[fd00::1]:8080', { name: '[fd00::1]', port: 8080 }],
  ])('%s is accepted', (value, want) => {
    expect(parsePublicHost(value)).toEqual({ ok: true, value: want });
  });

  it.each(['', 'http://box.example', 'box.example:', 'box.example:0', 'box.example:70000', 'box example', 'box.example/x', 'a@box', '[fd00::1', '[nothex]:80', '-box.example', 'box..example'])(
    '%j is refused with a message naming --public-host',
    (value) => {
      const r = parsePublicHost(value);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain('--public-host');
    },
  );
});

describe('binding beyond loopback', () => {
  it('is refused without allowRemote', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.1']) {
      await expect(startWebHost({ engine: {} as never, host, staticDir: '/nonexistent' })).rejects.toThrow(`${host} is not a loopback address`);
    }
  });

  it('with allowRemote on 0.0.0.0 keeps the Host allow-list, the token and the Origin check', async () => {
    const t = await startTestHost({ host: '0.0.0.0', allowRemote: true, publicHosts: ['box.example', 'proxy.example:8443'] });
    try {
      const { port, token } = t.web;
      expect(t.web.url).toBe(`http://127.0.0.1:${port}/?token=${token}`);
      const cookie = `Cookie: paragents_${port}=${token}`;
      const get = async (hostHeader: string, extra: string[] = [cookie]) => (await rawExchange(port, getRequest('/missing', [`Host: ${hostHeader}`, ...extra]))).status;
      // Allowed names: loopback on this port, a public name on this port, a public NAME:PORT on its own port only.
      expect(await get(`127.0.0.1:${port}`)).toBe(404);
      expect(await get(`localhost:${port}`)).toBe(404);
      expect(await get(`[::1]:${port}`)).toBe(404);
      expect(await get(`box.example:${port}`)).toBe(404);
      expect(await get(`BOX.EXAMPLE:${port}`)).toBe(404);
      expect(await get('proxy.example:8443')).toBe(404);
      // Everything else, including the wildcard address itself and the public names on other ports.
      expect(await get(`0.0.0.0:${port}`)).toBe(421);
      expect(await get(`evil.example:${port}`)).toBe(421);
      expect(await get('box.example')).toBe(421);
      expect(await get(`proxy.example:${port}`)).toBe(421);
      // The token is still required.
      expect(await get(`box.example:${port}`, [])).toBe(401);
      // The socket needs the token and an Origin equal to the Host it came to.
      const up = async (lines: string[]) => (await rawExchange(port, upgradeRequest('/ws', lines))).status;
      expect(await up([`Host: box.example:${port}`, `Origin: http://box.example:${port}`])).toBe(401);
      expect(await up([`Host: box.example:${port}`, `Origin: http://evil.example`, cookie])).toBe(403);
      expect(await up([`Host: box.example:${port}`, `Origin: http://127.0.0.1:${port}`, cookie])).toBe(403);
      expect(await up([`Host: evil.example:${port}`, `Origin: http://evil.example:${port}`, cookie])).toBe(421);
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host: `box.example:${port}`, cookie: `paragents_${port}=${token}` }, origin: `http://box.example:${port}` });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      ws.close();
    } finally {
      await t.close();
    }
  });

  it('a specific non-loopback bind is reachable by its own address as well', () => {
    // No LAN address is assumed to exist here, so the check is on the allow-list the host builds from it.
    expect([...allowedHosts('192.168.1.5', 8080, [])].sort()).toEqual(['127.0.0.1:8080', '192.168.1.5:8080', '[::1]:8080', 'localhost:8080']);
    expect([...allowedHosts('::', 8080, [{ name: 'box.example', port: null }])].sort()).toEqual(['127.0.0.1:8080', '[::1]:8080', 'box.example:8080', 'localhost:8080']);
    expect([...allowedHosts('fd00::1', 8080, [])]).toContain('[fd00::1]:8080');
  });
});
