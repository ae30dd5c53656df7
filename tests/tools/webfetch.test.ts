import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebAccess, type WebAccess } from '../../main/core/tools/webfetch-access';
import { createWebFetchTool, webFetchTool, type WebFetchLimits } from '../../main/core/tools/webfetch';
import type { ToolContext } from '../../main/core/tools/types';
import { makeFixture, type Fixture } from '../policy/fixture';
import { ctxFor, errorOf, okOutput } from './helpers';
import { startSite, testResolver, type Site } from './webfetch-fixture';

let site: Site;
let f: Fixture;
let web: WebAccess;
let resolver: ReturnType<typeof testResolver>;
/** Lets the hanging route answer once a test is done with it. */
const hung: (() => void)[] = [];
let arrived: () => void = () => undefined;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>  Install   guide </title>
<style>body { color: red }</style><script>var secret = "script text";</script></head>
<body><h1>Install</h1><p>Run <code>npm ci</code>, then read <a href="/docs/next?x=1">the next page</a>.</p>
<ul><li>one</li><li>two</li></ul><img src="data:image/png;base64,AAAA" alt="inline"><img src="logo.png" alt="logo">
<noscript>enable scripts</noscript></body></html>`;

beforeAll(async () => {
  site = await startSite({
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
    '/fragment': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>just <b>a</b> fragment'),
    '/data.json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"a": [1, 2], "b": "x"}\n'),
    '/latin1.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from('caf\xe9\n', 'latin1')),
    '/feed.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/atom+xml' }).end('<feed><title>t</title></feed>'),
    '/image.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13])),
    '/unlabelled': (_req, res) => res.end(Buffer.from([1, 2, 0, 3])),
    '/mislabelled': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.from([0x41, 0, 0x42])),
    '/big.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 50; i++) res.write('x'.repeat(100));
      res.end();
    },
    '/bomb.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync('y'.repeat(1_000_000))),
    '/gzip.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync('compressed text')),
    '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>'),
    '/hang': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial ');
      hung.push(() => res.end());
      arrived();
    },
    '/old': (_req, res) => res.writeHead(301, { location: '/new' }).end(),
    '/new': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('the new place'),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-other': (_req, res) => res.writeHead(302, { location: `http://other.test:${site.port}/new` }).end(),
    '/to-evil': (_req, res) => res.writeHead(302, { location: `http://evil.test:${site.port}/new` }).end(),
    '/to-rebind': (_req, res) => res.writeHead(307, { location: `http://rebind.test:${site.port}/new` }).end(),
    '/to-app': (_req, res) => res.writeHead(308, { location: `http://app.localhost:${site.port}/new` }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  });
  f = makeFixture({
    user: {
      permissions: {
        allow: ['WebFetch(domain:localhost)', 'WebFetch(domain:rebind.test)', 'WebFetch(domain:meta.test)', 'WebFetch(domain:meta6.test)', 'WebFetch(domain:mapped.test)', 'WebFetch(domain:private.test)', 'WebFetch(domain:mixed.test)', 'WebFetch(domain:app.localhost)'],
        deny: ['WebFetch(domain:evil.test)'],
      },
    },
  });
  resolver = testResolver();
  web = createWebAccess({ resolve: resolver, check: (req) => f.engine.check(req), modeOf: () => undefined });
});

afterAll(async () => {
  for (const end of hung) end();
  await site.close();
  f.cleanup();
});

function ctx(signal?: AbortSignal): ToolContext {
  return { ...ctxFor(f.ws, signal), web };
}

const url = (path: string, host = 'localhost'): string => `http://${host}:${site.port}${path}`;

async function fetchWith(input: { url: string; prompt?: string }, limits: Partial<WebFetchLimits> = {}, c: ToolContext = ctx()) {
  return (Object.keys(limits).length ? createWebFetchTool(limits) : webFetchTool).run(input, c);
}

describe('WebFetch content', () => {
  it('turns HTML into Markdown with the title, absolute links, no scripts or styles, and the prompt in the header', async () => {
    const out = okOutput(await fetchWith({ url: url('/page'), prompt: 'the install command' }));
    const [header, body] = [out.slice(0, out.indexOf('\n\n')), out.slice(out.indexOf('\n\n') + 2)];
    expect(header.split('\n')).toEqual([
      `URL: ${url('/page')}`,
      'Status: 200 OK',
      'Content-Type: text/html; charset=utf-8',
      'Title: Install guide',
      'Looking for: the install command',
      'Note: no other model has read this page; the content follows as fetched.',
      `Downloaded: ${Buffer.byteLength(PAGE)} bytes`,
    ]);
    expect(body).toBe(
      [
        '# Install',
        '',
        `Run \`npm ci\`, then read [the next page](${url('/docs/next?x=1')}).`,
        '',
        '-   one',
        '-   two',
        '',
        `[image: inline]![logo](${url('/logo.png')})`,
      ].join('\n'),
    );
  });

  it('parses an HTML fragment as a browser would', async () => {
    const out = okOutput(await fetchWith({ url: url('/fragment') }));
    expect(out.endsWith('\n\njust **a** fragment')).toBe(true);
    expect(out).not.toContain('Looking for:');
  });

  it('passes text types through as sent, decoded by their charset', async () => {
    expect(okOutput(await fetchWith({ url: url('/data.json') }))).toMatch(/\nContent-Type: application\/json\n[\s\S]*\n\n\{"a": \[1, 2\], "b": "x"\}\n$/);
    expect(okOutput(await fetchWith({ url: url('/latin1.txt') })).endsWith('\n\ncafé\n')).toBe(true);
    expect(okOutput(await fetchWith({ url: url('/feed.xml') })).endsWith('\n\n<feed><title>t</title></feed>')).toBe(true);
    expect(okOutput(await fetchWith({ url: url('/gzip.txt') })).endsWith('\n\ncompressed text')).toBe(true);
  });

  it('refuses binary content with a note naming its type', async () => {
    expect(errorOf(await fetchWith({ url: url('/image.png') }))).toBe(
      `${url('/image.png')} is image/png, not text; WebFetch returns only HTML and text (text/*, JSON, XML).`,
    );
    expect(errorOf(await fetchWith({ url: url('/unlabelled') }))).toContain('is unlabelled binary data, not text');
    expect(errorOf(await fetchWith({ url: url('/mislabelled') }))).toContain('is text/plain, not text');
  });

  it('reads no more than the size cap, compressed or not, and caps what it returns', async () => {
    const big = await fetchWith({ url: url('/big.txt') }, { maxBytes: 1000 });
    const out = okOutput(big);
    expect(big.ok && big.truncated).toBe(true);
    expect(out).toContain('\nDownloaded: the first 1000 bytes (the body is longer; WebFetch reads no more)\n');
    expect(out.endsWith(`\n\n${'x'.repeat(1000)}`)).toBe(true);

    const bomb = okOutput(await fetchWith({ url: url('/bomb.txt') }, { maxBytes: 2000 }));
    expect(bomb.endsWith(`\n\n${'y'.repeat(2000)}`)).toBe(true);

    const shown = await fetchWith({ url: url('/big.txt') }, { maxChars: 300 });
    expect(shown.ok && shown.truncated).toBe(true);
    expect(okOutput(shown).endsWith(`\n\n${'x'.repeat(300)}\n\n[… 4700 more characters not shown]`)).toBe(true);
  });

  it('reports an HTTP error with the status and an excerpt of the page', async () => {
    expect(errorOf(await fetchWith({ url: url('/missing') }))).toBe(`${url('/missing')} answered HTTP 404 Not Found.\n\n# Not here`);
  });

  it('stops at the time cap, and when the call is cancelled', async () => {
    let reached = new Promise<void>((resolve) => (arrived = resolve));
    const slow = fetchWith({ url: url('/hang') }, { timeoutMs: 300 });
    await reached;
    expect(errorOf(await slow)).toBe(`Fetching ${url('/hang')} took longer than 0.3 s; WebFetch stopped.`);

    reached = new Promise<void>((resolve) => (arrived = resolve));
    const controller = new AbortController();
    const cancelled = fetchWith({ url: url('/hang') }, {}, ctx(controller.signal));
    await reached;
    controller.abort();
    expect(errorOf(await cancelled)).toBe('WebFetch was cancelled.');
  });

  it('reports a name that does not resolve', async () => {
    expect(errorOf(await fetchWith({ url: url('/page', 'nowhere.test') }))).toBe(
      `Fetching ${url('/page', 'nowhere.test')} failed: getaddrinfo ENOTFOUND nowhere.test.`,
    );
  });
});

describe('WebFetch redirects', () => {
  it('follows a redirect on the same host and says where it came from', async () => {
    const out = okOutput(await fetchWith({ url: url('/old') }));
    expect(out.startsWith(`URL: ${url('/new')}\nRedirected from: ${url('/old')}\nStatus: 200 OK\n`)).toBe(true);
    expect(out.endsWith('\n\nthe new place')).toBe(true);
  });

  it('follows a redirect to another host the policy allows without asking', async () => {
    const out = okOutput(await fetchWith({ url: url('/to-app') }));
    expect(out.startsWith(`URL: http://app.localhost:${site.port}/new\nRedirected from: ${url('/to-app')}\n`)).toBe(true);
  });

  it('does not follow a redirect to a host that needs approval, and names it for a new call', async () => {
    const before = site.requests.length;
    const error = errorOf(await fetchWith({ url: url('/to-other') }));
    expect(error).toBe(
      `${url('/to-other')} redirected to http://other.test:${site.port}/new, which needs a person's approval ` +
        `(fetching other.test needs approval in default mode); WebFetch did not follow it. Call WebFetch with that URL to ask for it.`,
    );
    expect(site.requests.slice(before).map((r) => r.path)).toEqual(['/to-other']);
  });

  it('refuses a redirect to a host a deny rule blocks', async () => {
    const error = errorOf(await fetchWith({ url: url('/to-evil') }));
    expect(error).toContain(`redirected to http://evil.test:${site.port}/new, which the permission policy blocks (fetching evil.test is denied by WebFetch(domain:evil.test))`);
  });

  it('checks the address of each hop: an allowed name that resolves to loopback is refused at connect', async () => {
    const before = site.requests.length;
    const lookups = resolver.asked.length;
    const error = errorOf(await fetchWith({ url: url('/to-rebind') }));
    expect(error).toBe(
      'Refused to connect: rebind.test resolved to 127.0.0.1, a loopback address; WebFetch does not connect there unless a ' +
        'rule names that address (WebFetch(domain:127.0.0.1)) or the URL names an internal host that a rule allows.',
    );
    expect(site.requests.slice(before).map((r) => r.host)).toEqual([`localhost:${site.port}`]);
    // One resolution per hop, made by the connection itself: the address checked is the one connected to.
    expect(resolver.asked.slice(lookups)).toEqual(['localhost', 'rebind.test']);
  });

  it('refuses a redirect to another scheme, and a redirect loop', async () => {
    expect(errorOf(await fetchWith({ url: url('/to-file') }))).toBe(
      `${url('/to-file')} redirected to file:///etc/passwd, and only http and https URLs can be fetched (got file:).`,
    );
    expect(errorOf(await fetchWith({ url: url('/loop') }, { maxRedirects: 3 }))).toBe(
      `${url('/loop')} redirected more than 3 times; WebFetch stopped at ${url('/loop')}.`,
    );
  });

  it('without the engine\'s web access, follows redirects only within one host', async () => {
    const bare = ctxFor(f.ws);
    expect(okOutput(await webFetchTool.run({ url: url('/old') }, bare)).endsWith('\n\nthe new place')).toBe(true);
    expect(errorOf(await webFetchTool.run({ url: url('/to-app') }, bare))).toBe(
      `${url('/to-app')} redirected to http://app.localhost:${site.port}/new, on another host; WebFetch did not follow it. Call WebFetch with that URL to fetch it.`,
    );
  });
});

describe('WebFetch connected addresses', () => {
  it('refuses names that resolve to loopback, metadata, private or IPv4-mapped addresses even when the name is allowed', async () => {
    const cases: [host: string, address: string, why: string][] = [
      ['rebind.test', '127.0.0.1', 'a loopback address'],
      ['meta.test', '169.254.169.254', 'a cloud metadata address'],
      ['meta6.test', 'fd00:ec2::254', 'a uniqueLocal address'],
      ['mapped.test', '127.0.0.1', 'a loopback address'],
      ['private.test', '10.1.2.3', 'a private address'],
      ['mixed.test', '127.0.0.1', 'a loopback address'],
    ];
    const before = site.requests.length;
    for (const [host, address, why] of cases) {
      const v = await f.decide('WebFetch', { url: url('/page', host) }, { session: 'test-session' });
      expect([host, v.decision]).toEqual([host, 'auto_approved']);
      expect(errorOf(await fetchWith({ url: url('/page', host) }))).toContain(`Refused to connect: ${host} resolved to ${address}, ${why};`);
    }
    expect(site.requests.length).toBe(before);
  });

  it('connects to loopback when a rule names the internal host: localhost, or an IP address in the URL', async () => {
    expect(okOutput(await fetchWith({ url: url('/new') }))).toContain('\n\nthe new place');
    expect(okOutput(await fetchWith({ url: url('/new', 'app.localhost') }))).toContain('\n\nthe new place');
  });

  it('connects a public-looking name to loopback only when a rule names that address', async () => {
    const named = makeFixture({ user: { permissions: { allow: ['WebFetch(domain:docs.test)', 'WebFetch(domain:127.0.0.1)'] } } });
    const strict = makeFixture({ user: { permissions: { allow: ['WebFetch(domain:docs.test)'] } } });
    try {
      const run = (fx: Fixture, target: string, session = 'test-session') =>
        webFetchTool.run(
          { url: target },
          { ...ctxFor(fx.ws), sessionId: session, web: createWebAccess({ resolve: resolver, check: (req) => fx.engine.check(req), modeOf: () => undefined }) },
        );
      expect(okOutput(await run(named, url('/new', 'docs.test')))).toContain('\n\nthe new place');
      expect(errorOf(await run(strict, url('/new', 'docs.test')))).toContain('Refused to connect: docs.test resolved to 127.0.0.1, a loopback address;');
      // "Allow for this session" of the address counts as a rule naming it, in that session only.
      strict.engine.grantForSession('granted', ['WebFetch(domain:127.0.0.1)']);
      expect(okOutput(await run(strict, url('/new', 'docs.test'), 'granted'))).toContain('\n\nthe new place');
      expect(errorOf(await run(strict, url('/new', 'docs.test'), 'other'))).toContain('Refused to connect: docs.test resolved to 127.0.0.1');
    } finally {
      named.cleanup();
      strict.cleanup();
    }
  });
});
