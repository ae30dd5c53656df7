import { afterEach, expect, it } from 'vitest';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import type { BotMessage } from '../fixtures/telegram-api-server';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const bash = (command: string) => ({ toolCalls: [{ name: 'Bash', arguments: { command } }] });
const SCRIPT = {
  rules: [
    { when: 'say hi', steps: [bash('echo hi'), { content: 'said: {{lastTool}}' }] },
    { when: 'clean up', steps: [bash('rm -rf build'), { content: 'after: {{lastTool}}' }] },
    { when: 'wipe', steps: [bash('rm -rf .'), { content: 'after: {{lastTool}}' }] },
  ],
};

async function setup(): Promise<{ harness: Harness; session: string }> {
  const harness = await startHarness({ script: SCRIPT });
  h = harness;
  await harness.pair(ADA);
  const session = unwrap(await harness.engine.handlers['session.create']({ workspace: tempDir(), name: 'web-api' })).id;
  return { harness, session };
}

const buttonTexts = (m: BotMessage): string[][] => (m.buttons ?? []).map((row) => row.map((b) => b.text));

it('sends each approval with its call and reason, answers it by button, and edits the message to say who answered', async () => {
  const { harness, session } = await setup();
  const p = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'say hi' }));
  const card = await harness.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  expect(card.text).toContain('web-api');
  expect(card.text).toContain('Tool: Bash');
  expect(card.text).toContain('$ echo hi');
  expect(card.text).toMatch(/Why: .*needs approval/);
  expect(buttonTexts(card)).toEqual([['Allow once', 'Allow for session'], ['Always allow', 'Deny']]);
  // Buttons carry opaque ids, never the decision or the approval.
  const approval = unwrap(await harness.engine.handlers['approval.list']({}))[0];
  for (const b of card.buttons?.flat() ?? []) {
    expect(b.data).not.toMatch(/allow|deny|once|session/i);
    expect(b.data).not.toContain(approval?.id ?? '-');
  }

  const query = harness.telegram.press(ADA, card, 'Allow once');
  expect(await settled(harness.engine, p.id)).toBe('completed');
  await harness.telegram.waitFor('the edit', () => card.edits.length > 0);
  expect(card.text).toContain('$ echo hi');
  expect(card.text).toContain('✅ Allowed once by Ada (@ada) on Telegram.');
  expect(card.buttons).toBeNull();
  const answer = await harness.telegram.waitFor('the button answer', () => harness.telegram.buttonAnswers.find((a) => a.queryId === query));
  expect(answer.text).toBe('Done: allowed once.');
  expect(unwrap(await harness.engine.handlers['approval.list']({}))[0]?.status).toBe('approved');
  const done = await harness.message(ADA, 'the turn notification', (m) => m.text.includes('finished'));
  expect(done.text).toBe(`✅ web-api (${unwrap(await harness.engine.handlers['session.get']({ session })).ref}) finished:\nsaid: hi\n`);
});

it('edits the message when the panel answered first, and refuses a late button politely', async () => {
  const { harness, session } = await setup();
  const asked = nextEvent(harness.engine, 'approval_requested');
  const p = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'say hi' }));
  const req = await asked;
  const card = await harness.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  const asShown = structuredClone(card);

  // The panel's own request, as its card sends it.
  unwrap(await harness.engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'allow_session' } }));
  await harness.telegram.waitFor('the edit', () => card.edits.length > 0);
  expect(card.text).toContain('✅ Allowed for the session: answered in the panel (or the tray, or a command).');
  expect(card.buttons).toBeNull();

  // The phone still showed the buttons: a press now changes nothing.
  const query = harness.telegram.press(ADA, asShown, 'Deny');
  const answer = await harness.telegram.waitFor('the button answer', () => harness.telegram.buttonAnswers.find((a) => a.queryId === query));
  expect(answer.text).toBe('Already answered: ✅ Allowed for the session: answered in the panel (or the tray, or a command).');
  expect(await settled(harness.engine, p.id)).toBe('completed');
  expect(unwrap(await harness.engine.handlers['approval.list']({}))[0]?.status).toBe('approved');
});

it('denies with the text of a reply to the card, and the model reads it', async () => {
  const { harness, session } = await setup();
  const p = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'clean up' }));
  const card = await harness.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  expect(card.text).toContain('$ rm -rf build');
  harness.telegram.say(ADA, 'not now, the build folder is needed', { replyTo: card.messageId });
  expect(await settled(harness.engine, p.id)).toBe('completed');
  await harness.telegram.waitFor('the edit', () => card.edits.length > 0);
  expect(card.text).toContain('❌ Denied with the message "not now, the build folder is needed" by Ada (@ada) on Telegram.');
  const toolMessages = harness.model.requests
    .flatMap((r) => ((r.body as { messages?: Array<{ role: string; content: unknown }> } | null)?.messages ?? []))
    .filter((m) => m.role === 'tool');
  expect(JSON.stringify(toolMessages)).toContain('not now, the build folder is needed');
});

it('offers Always only where the panel does, and Deny answers at once', async () => {
  const { harness, session } = await setup();
  const p = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'wipe' }));
  const card = await harness.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  expect(unwrap(await harness.engine.handlers['approval.list']({}))[0]?.alwaysRule).toBeNull();
  expect(buttonTexts(card)).toEqual([['Allow once', 'Allow for session'], ['Deny']]);
  harness.telegram.press(ADA, card, 'Deny');
  expect(await settled(harness.engine, p.id)).toBe('completed');
  await harness.telegram.waitFor('the edit', () => card.edits.length > 0);
  expect(card.text).toContain('❌ Denied by Ada (@ada) on Telegram.');
});

it('offers one button for identical pending calls of several sessions, and it allows them all once', async () => {
  const { harness, session } = await setup();
  const other = unwrap(await harness.engine.handlers['session.create']({ workspace: tempDir(), name: 'docs' })).id;
  const p1 = unwrap(await harness.engine.handlers['prompt.send']({ session, text: 'say hi' }));
  await harness.message(ADA, 'the first card', (m) => m.text.includes('Approval needed: web-api'));
  const p2 = unwrap(await harness.engine.handlers['prompt.send']({ session: other, text: 'say hi' }));
  const second = await harness.message(ADA, 'the second card', (m) => m.text.includes('Approval needed: docs'));
  expect(buttonTexts(second).at(-1)).toEqual(['Allow all 2 identical once']);

  const query = harness.telegram.press(ADA, second, 'Allow all 2 identical once');
  expect(await settled(harness.engine, p1.id)).toBe('completed');
  expect(await settled(harness.engine, p2.id)).toBe('completed');
  const answer = await harness.telegram.waitFor('the button answer', () => harness.telegram.buttonAnswers.find((a) => a.queryId === query));
  expect(answer.text).toBe('Allowed 2 identical calls once.');
  expect(unwrap(await harness.engine.handlers['approval.list']({})).map((a) => a.status)).toEqual(['approved', 'approved']);
});
