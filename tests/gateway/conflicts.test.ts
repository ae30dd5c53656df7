import { afterEach, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const read = (path: string) => ({ name: 'Read', arguments: { path } });
const write = (path: string, content: string) => ({ name: 'Write', arguments: { path, content } });

// A writes shared.txt, then its turn waits at the gate 'A holds' (its lease still held); B is sent only once A is
// there, so B's write always meets A's lease and waits for a person's choice.
it('shows a conflict with Override / Wait / Cancel, resolves it through conflict.resolve and edits the message', async () => {
  h = await startHarness({
    script: {
      rules: [
        { when: 'session A', steps: [{ toolCalls: [write('shared.txt', 'from A\n')] }, { content: 'A done', gate: 'A holds' }] },
        { when: 'session B', steps: [{ toolCalls: [read('shared.txt')] }, { toolCalls: [write('shared.txt', 'from B\n')] }, { content: 'B done' }] },
      ],
    },
  });
  await h.pair(ADA);
  const ws = tempDir();
  const create = async (name: string) => unwrap(await h!.engine.handlers['session.create']({ workspace: ws, name, mode: 'acceptEdits' })).id;
  const a = await create('web-api');
  const b = await create('docs');
  const conflict = nextEvent(h.engine, 'conflict', (e) => e.kind === 'write_write');
  const pa = unwrap(await h.engine.handlers['prompt.send']({ session: a, text: 'session A' }));
  await h.model.reached('A holds');
  const pb = unwrap(await h.engine.handlers['prompt.send']({ session: b, text: 'session B' }));
  await conflict;

  const card = await h.message(ADA, 'the conflict card', (m) => m.text.startsWith('⚠️ Conflict: docs'));
  expect(card.text).toContain('another session holds a file this turn wants to write (session web-api)');
  expect(card.text).toContain('Files: shared.txt');
  expect(card.buttons?.map((row) => row.map((x) => x.text))).toEqual([['Override', 'Wait', 'Cancel']]);
  const asShown = structuredClone(card);

  const query = h.telegram.press(ADA, card, 'Wait');
  await h.telegram.waitFor('the edit', () => card.edits.length > 0);
  expect(card.text).toContain('Resolved: waiting for the other session to finish (by Ada (@ada) on Telegram).');
  expect(card.buttons).toBeNull();
  const answer = await h.telegram.waitFor('the button answer', () => h?.telegram.buttonAnswers.find((x) => x.queryId === query));
  expect(answer.text).toBe('Done: waiting for the other session to finish.');

  const late = h.telegram.press(ADA, asShown, 'Override');
  const lateAnswer = await h.telegram.waitFor('the late answer', () => h?.telegram.buttonAnswers.find((x) => x.queryId === late));
  expect(lateAnswer.text).toBe('This conflict was already resolved.');

  h.model.openGate('A holds');
  expect(await settled(h.engine, pa.id)).toBe('completed');
  expect(await settled(h.engine, pb.id)).toBe('completed');
  expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from B\n');
});

it('does not show conflicts settled on their own (a stale read)', async () => {
  h = await startHarness({
    script: { rules: [{ when: 'blind', steps: [{ toolCalls: [write('a.txt', 'blind\n')] }, { content: 'ok' }] }] },
  });
  await h.pair(ADA);
  const ws = tempDir();
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(ws, 'a.txt'), 'old\n');
  const s = unwrap(await h.engine.handlers['session.create']({ workspace: ws, name: 'w', mode: 'acceptEdits' })).id;
  const stale = nextEvent(h.engine, 'conflict', (e) => e.kind === 'stale_read');
  const p = unwrap(await h.engine.handlers['prompt.send']({ session: s, text: 'blind' }));
  await stale;
  expect(await settled(h.engine, p.id)).toBe('completed');
  // The turn's own message comes after the conflict's would have (events are handled in order).
  await h.message(ADA, 'the turn notification', (m) => m.text.includes('finished'));
  expect(h.telegram.messages.some((m) => m.text.includes('Conflict'))).toBe(false);
});
