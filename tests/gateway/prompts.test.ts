import { afterEach, expect, it } from 'vitest';
import { basename } from 'node:path';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const LONG = Array.from({ length: 150 }, (_, i) => `line ${i}: ${'words '.repeat(9)}`).join('\n');
const VERY_LONG = Array.from({ length: 600 }, (_, i) => `line ${i}: ${'words '.repeat(9)}`).join('\n');

const SCRIPT = {
  rules: [
    { when: 'very long answer', steps: [{ content: VERY_LONG }] },
    { when: 'long answer', steps: [{ content: LONG }] },
    { when: 'hold on', steps: [{ content: 'held', gate: 'hold' }] },
  ],
};

async function setup(): Promise<{ harness: Harness; ws: string; session: string; ref: string }> {
  const harness = await startHarness({ script: SCRIPT, telegram: { notify: { idle: true } } });
  h = harness;
  await harness.pair(ADA);
  const ws = tempDir();
  const s = unwrap(await harness.engine.handlers['session.create']({ workspace: ws, name: 'web-api' }));
  return { harness, ws, session: s.id, ref: s.ref };
}

it('/s queues a prompt to the named session, and a reply to its messages goes to the same session', async () => {
  const { harness, session, ref } = await setup();
  const queued = nextEvent(harness.engine, 'prompt_queued');
  harness.telegram.say(ADA, '/s web-api summarise the README');
  expect((await queued).text).toBe('summarise the README');
  const ack = await harness.message(ADA, 'the queued reply', (m) => m.text.startsWith('📨 Queued to web-api'));
  expect(ack.text).toContain(`web-api (${ref})`);
  const done = await harness.message(ADA, 'the turn notification', (m) => m.text.includes('finished'));
  expect(done.text).toContain('echo: summarise the README');
  const idle = await harness.message(ADA, 'the idle notification', (m) => m.text.includes('is idle'));
  expect(idle.text).toBe(`💤 web-api (${ref}) is idle: its queue is empty.`);

  const again = nextEvent(harness.engine, 'prompt_queued', (e) => e.text === 'and now the tests');
  harness.telegram.say(ADA, 'and now the tests', { replyTo: done.messageId });
  expect((await again).sessionId).toBe(session);

  harness.telegram.say(ADA, '/s nobody hello');
  await harness.message(ADA, 'the refusal', (m) => m.text.startsWith('Not sent:'));
  harness.telegram.say(ADA, 'hello there');
  await harness.message(ADA, 'the hint', (m) => m.text.startsWith('To send a prompt, use /s NAME text'));
});

it('/sessions lists, /status shows the queue and the whole last answer (split, or as a file), /cancel cancels', async () => {
  const { harness, session } = await setup();
  const long = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'a long answer please' }));
  expect(await settled(harness.engine, long.id)).toBe('completed');

  harness.telegram.say(ADA, '/sessions');
  const list = await harness.message(ADA, 'the list', (m) => m.text.startsWith('Sessions:'));
  expect(list.text).toMatch(/• web-api \([0-9a-f]{6}\): completed/);

  harness.telegram.say(ADA, '/status web-api');
  const first = await harness.message(ADA, 'the status', (m) => m.text.startsWith('web-api'));
  const after = () => harness.telegram.messages.filter((m) => m.messageId >= first.messageId && m.chatId === ADA.id);
  const parts = await harness.telegram.waitFor('the whole answer', () => after().map((m) => m.text).join('').includes(LONG) && after());
  expect(parts.length).toBeGreaterThan(1);
  expect(parts.every((m) => m.text.length <= 4096)).toBe(true);
  expect(first.text).toContain('Queue: empty');

  const veryLong = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'a very long answer please' }));
  expect(await settled(harness.engine, veryLong.id)).toBe('completed');
  const held = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'hold on' }));
  await harness.model.reached('hold');
  unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'then this' }));
  harness.telegram.say(ADA, '/status web-api');
  const doc = await harness.telegram.waitFor('the attached answer', () => harness.telegram.documents.find((d) => d.content.includes(VERY_LONG)));
  expect(doc.fileName).toBe('message.txt');
  const status = harness.telegram.messages.filter((m) => m.chatId === ADA.id && m.text.startsWith('web-api')).at(-1);
  expect(status?.text).toContain('running, 1 queued');
  expect(status?.text).toContain('1. then this');
  expect(status?.text.length).toBeLessThanOrEqual(4096);

  harness.telegram.say(ADA, '/cancel web-api');
  await harness.message(ADA, 'the cancel reply', (m) => m.text.startsWith('⏹ Cancelled prompt'));
  expect(await settled(harness.engine, held.id)).toBe('cancelled');
});

it('/new starts a session only in a workspace sessions used before and that is trusted', async () => {
  const { harness, ws } = await setup();
  harness.telegram.say(ADA, `/new ${basename(ws)} docs`);
  await harness.message(ADA, 'the untrusted refusal', (m) => m.text.includes('is not trusted'));
  harness.telegram.say(ADA, '/new /etc');
  await harness.message(ADA, 'the unknown refusal', (m) => m.text.startsWith('No known workspace is "/etc"'));
  expect(unwrap(await harness.engine.handlers['session.list']({})).map((s) => s.name)).toEqual(['web-api']);

  unwrap(await harness.engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  harness.telegram.say(ADA, `/new ${basename(ws)} docs`);
  const made = await harness.message(ADA, 'the new session', (m) => m.text.startsWith('🆕 Session docs'));
  expect(made.text).toContain(ws);
  const sessions = unwrap(await harness.engine.handlers['session.list']({}));
  expect(sessions.map((s) => [s.name, s.workspace])).toEqual([['web-api', ws], ['docs', ws]]);
});
