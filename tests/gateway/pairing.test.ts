import { afterEach, expect, it } from 'vitest';
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { ADA, EVE, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const status = async (harness: Harness) => unwrap(await harness.engine.handlers['gateway.status']({ gateway: 'telegram' }));

it('pairs a private chat with the right code, once, and keeps it in the data folder', async () => {
  h = await startHarness();
  const code = unwrap(await h.engine.handlers['gateway.pairCode']({ gateway: 'telegram' }));
  expect(code.code).toMatch(/^[A-Z2-9]{8}$/);
  expect((await status(h)).pairCode).toEqual(code);

  h.telegram.say(ADA, `/pair ${code.code.toLowerCase().slice(0, 4)}-${code.code.slice(4)}`);
  const paired = await h.message(ADA, 'the pairing reply', (m) => m.text.startsWith('✅ Paired'));
  expect(paired.text).toContain('/s NAME text');
  const s = await status(h);
  expect(s.chats).toEqual([expect.objectContaining({ chatId: String(ADA.id), name: 'Ada (@ada)' })]);
  // Used once: the code is gone.
  expect(s.pairCode).toBeNull();
  const file = join(h.home, 'gateway-telegram.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, 'utf8')).chats[0].chatId).toBe(String(ADA.id));

  // The same code does not pair a second chat.
  h.telegram.say(EVE, `/pair ${code.code}`);
  await h.message(EVE, 'the refusal', (m) => m.text.startsWith('That code is not right'));
  expect((await status(h)).chats.map((c) => c.chatId)).toEqual([String(ADA.id)]);
});

it('refuses a wrong code and an expired one, and a group chat', async () => {
  let now = Date.parse('2030-01-01T10:00:00Z');
  h = await startHarness({ clock: () => now });
  const first = unwrap(await h.engine.handlers['gateway.pairCode']({ gateway: 'telegram' }));
  expect(first.expiresAt).toBe('2030-01-01T10:10:00.000Z');

  h.telegram.say(ADA, '/pair WRONGCOD');
  await h.message(ADA, 'the wrong-code reply', (m) => m.text.startsWith('That code is not right'));

  now += 10 * 60_000;
  h.telegram.say(ADA, `/pair ${first.code}`);
  await h.message(ADA, 'the expired-code reply', (m) => m.text.startsWith('That code has expired'));
  expect((await status(h)).chats).toEqual([]);

  const second = unwrap(await h.engine.handlers['gateway.pairCode']({ gateway: 'telegram' }));
  const group = { ...EVE, groupId: -5005 };
  h.telegram.say(group, `/pair ${second.code}`);
  await h.telegram.waitFor('the group refusal', () => h?.telegram.messages.find((m) => m.chatId === -5005 && m.text.startsWith('Only a private chat')));
  expect((await status(h)).chats).toEqual([]);
  // The code was not spent on the group: the person's private chat can still use it.
  h.telegram.say(ADA, `/pair ${second.code}`);
  await h.message(ADA, 'the pairing reply', (m) => m.text.startsWith('✅ Paired'));
});

it('serves nothing to a chat that is not paired: one "not paired" now and then, no approvals, no buttons', async () => {
  h = await startHarness({
    script: { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] }] },
  });
  await h.pair(ADA);
  const ws = tempDir();
  unwrap(await h.engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  const s = unwrap(await h.engine.handlers['session.create']({ workspace: ws, name: 'web-api' }));

  h.telegram.say(EVE, '/sessions');
  h.telegram.say(EVE, `/s web-api run rm -rf /`);
  await h.message(EVE, 'the not-paired reply', (m) => m.text.startsWith('This chat is not paired'));

  unwrap(await h.engine.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  const card = await h.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  // Eve presses a button with the id of Ada's card in her own chat, then forges an update naming Ada's chat:
  // both refused, the approval stays pending.
  h.telegram.press(EVE, { ...card, chatId: EVE.id }, 'Allow once');
  h.telegram.press(EVE, card, 'Allow for session');
  h.telegram.say(EVE, '/sessions');
  // Ada's later command is answered, so everything Eve sent before it has been handled.
  h.telegram.say(ADA, '/sessions');
  await h.message(ADA, 'the sessions list', (m) => m.text.startsWith('Sessions:'));

  const toEve = h.telegram.messages.filter((m) => m.chatId === EVE.id);
  expect(toEve.map((m) => m.text)).toEqual([expect.stringMatching(/^This chat is not paired/)]);
  const prompts = unwrap(await h.engine.handlers['session.get']({ session: s.id })).prompts;
  expect(prompts.map((p) => p.text)).toEqual(['say hi']);
  expect(unwrap(await h.engine.handlers['approval.list']({})).map((a) => a.status)).toEqual(['pending']);
  // Eve's own chat had its one "not paired" already; the forged update gets one of its own, nothing more.
  expect(h.telegram.buttonAnswers.map((a) => a.text)).toEqual(['This chat is not paired with Paragents.']);
});

it('unpairs from the chat and from the panel', async () => {
  h = await startHarness();
  const BOB = { id: 2002, firstName: 'Bob' };
  await h.pair(ADA);
  await h.pair(BOB);
  h.telegram.say(ADA, '/unpair');
  await h.message(ADA, 'the unpair reply', (m) => m.text.startsWith('Unpaired'));
  expect((await status(h)).chats.map((c) => c.chatId)).toEqual([String(BOB.id)]);

  const after = unwrap(await h.engine.handlers['gateway.unpair']({ gateway: 'telegram', chatId: String(BOB.id) }));
  expect(after.chats).toEqual([]);
  await h.message(BOB, 'the unpaired notice', (m) => m.text.startsWith('This chat was unpaired in Paragents'));
  const again = await h.engine.handlers['gateway.unpair']({ gateway: 'telegram', chatId: String(BOB.id) });
  expect(again.ok).toBe(false);
});
