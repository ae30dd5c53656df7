import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { startSite, testResolver, type Site } from './webfetch-fixture';

let site: Site;
const fx = useEngineFixture({
  engine: { approvals: 'ask', resolveHost: testResolver({ 'site.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'], 'rebind.test': ['127.0.0.1'] }) },
});

beforeAll(async () => {
  site = await startSite({
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Notes</title><h1>Release notes</h1><p>Version <b>2</b> is out.</p>'),
    '/hop': (_req, res) => res.writeHead(302, { location: `http://other.test:${site.port}/page` }).end(),
  });
});
afterAll(async () => {
  await site.close();
});

/** A data folder whose user settings hold `allow`, and an engine whose WebFetch resolves the test names. */
async function start(allow: string[]): Promise<Engine> {
  const fetchStep = (url: string) => ({ toolCalls: [{ name: 'WebFetch', arguments: { url, prompt: 'the version' } }] });
  fx.server.setScript({
    rules: [
      { when: 'read the notes', steps: [fetchStep(`http://site.test:${site.port}/page`), { content: 'fetched: {{lastTool}}' }] },
      { when: 'follow the hop', steps: [fetchStep(`http://site.test:${site.port}/hop`), { content: 'fetched: {{lastTool}}' }] },
      { when: 'read rebind', steps: [fetchStep(`http://rebind.test:${site.port}/page`), { content: 'fetched: {{lastTool}}' }] },
    ],
  });
  const home = fx.home();
  writeFileSync(join(home, 'settings.json'), JSON.stringify({ permissions: { allow } }));
  return fx.open({ home });
}

it('asks a person on an approval card before fetching a host no rule covers, then gives the model the page as Markdown', async () => {
  // The rule names the address site.test resolves to, not site.test itself: the host still needs approval.
  const e = await start(['WebFetch(domain:127.0.0.1)']);
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
  const asked = nextEvent(e, 'approval_requested');
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'read the notes' }));
  const card = await asked;
  expect(card).toMatchObject({
    tool: 'WebFetch',
    input: { url: `http://site.test:${site.port}/page`, prompt: 'the version' },
    decision: { decision: 'needs_approval', reason: 'fetching site.test needs approval in default mode' },
    alwaysRule: 'WebFetch(domain:site.test)',
  });
  expect(site.requests).toEqual([]);
  const done = nextEvent(e, 'turn_completed', (x) => x.promptId === p.id);
  unwrap(await e.handlers['approval.answer']({ approval: card.approvalId, answer: { kind: 'allow_once' } }));
  expect(await settled(e, p.id)).toBe('completed');
  const content = (await done).content;
  expect(content).toContain(`fetched: URL: http://site.test:${site.port}/page\n`);
  expect(content).toContain('\nTitle: Notes\nLooking for: the version\n');
  expect(content).toContain('\n\n# Release notes\n\nVersion **2** is out.');
  expect(site.requests.map((r) => r.host)).toEqual([`site.test:${site.port}`]);
});

it('does not follow a redirect to a host that needs approval: the model is told to fetch it with a new call', async () => {
  const e = await start(['WebFetch(domain:127.0.0.1)', 'WebFetch(domain:site.test)']);
  const log = recordEvents(e);
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
  const before = site.requests.length;
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'follow the hop' }));
  expect(await settled(e, p.id)).toBe('completed');
  const result = log.find((x) => x.type === 'tool_result');
  expect(result?.type === 'tool_result' && result.error).toBe(
    `http://site.test:${site.port}/hop redirected to http://other.test:${site.port}/page, which needs a person's approval ` +
      '(fetching other.test needs approval in default mode); WebFetch did not follow it. Call WebFetch with that URL to ask for it.',
  );
  expect(site.requests.slice(before).map((r) => r.path)).toEqual(['/hop']);
  expect(log.some((x) => x.type === 'approval_requested')).toBe(false);
});

it('refuses a rebinding name at connect: the rule allows rebind.test, but it resolves to 127.0.0.1', async () => {
  const e = await start(['WebFetch(domain:rebind.test)']);
  const log = recordEvents(e);
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
  const before = site.requests.length;
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'read rebind' }));
  expect(await settled(e, p.id)).toBe('completed');
  const call = log.find((x) => x.type === 'tool_call');
  expect(call?.type === 'tool_call' && call.decision).toMatchObject({ decision: 'auto_approved', rule: 'WebFetch(domain:rebind.test)', source: 'user' });
  const result = log.find((x) => x.type === 'tool_result');
  expect(result?.type === 'tool_result' && result.error).toBe(
    'Refused to connect: rebind.test resolved to 127.0.0.1, a loopback address; WebFetch does not connect there unless a ' +
      'rule names that address (WebFetch(domain:127.0.0.1)) or the URL names an internal host that a rule allows.',
  );
  expect(site.requests.length).toBe(before);
});
