import { afterEach, expect, it } from 'vitest';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

it('waits out a 429 for the retry_after Telegram asks, then sends the message', async () => {
  h = await startHarness({
    script: { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] }] },
  });
  await h.pair(ADA);
  const s = unwrap(await h.engine.handlers['session.create']({ workspace: tempDir(), name: 'web-api' }));
  h.telegram.rateLimit('sendMessage', 1);
  unwrap(await h.engine.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  const card = await h.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  const sends = h.telegram.calls.filter((c) => c.method === 'sendMessage' && String(c.body.text).includes('Approval needed'));
  expect(sends.map((c) => c.status)).toEqual([429, 200]);
  expect(sends[0]?.body.text).toBe(card.text);
});

it('polls again after a 429 and after failures, backing off, and serves the chat once it answers', async () => {
  h = await startHarness();
  // Set before the gateway's first poll can have been sent (it starts with getMe).
  h.telegram.rateLimit('getUpdates', 1);
  h.telegram.fail('getUpdates', 502, 2);
  await h.pair(ADA);
  const polls = h.telegram.calls.filter((c) => c.method === 'getUpdates').map((c) => c.status);
  // The rate limit is waited out by grammY; the failures come back to the loop, which logs them and backs off.
  expect(polls.slice(0, 4)).toEqual([429, 502, 502, 200]);
  expect(h.logs.filter((l) => /Telegram answered 502: Bad Gateway; trying again in \d+ s/.test(l))).toHaveLength(2);
  expect(unwrap(await h.engine.handlers['gateway.status']({ gateway: 'telegram' }))).toMatchObject({ connection: 'connected', problem: null, bot: 'paragents_test_bot' });
});
