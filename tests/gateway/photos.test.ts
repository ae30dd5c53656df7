// A photo sent to a session from Telegram: fetched through the Bot API's getFile, sent to the model with the
// prompt as an image_url part (its caption as the text), or refused in one sentence when the model cannot see.
import { afterEach, expect, it } from 'vitest';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { chatBodies } from '../helpers/chat-bodies';
import { pngImage } from '../helpers/png';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

type Part = { type: string; text?: string; image_url?: { url: string } };
type Msg = { role: string; content: string | Part[] };

async function setup(vision: boolean): Promise<{ harness: Harness; session: string }> {
  const harness = await startHarness({ vision, telegram: { notify: { idle: false } } });
  h = harness;
  await harness.pair(ADA);
  const s = unwrap(await harness.engine.handlers['session.create']({ workspace: tempDir(), name: 'web-api' }));
  return { harness, session: s.id };
}

it('a photo captioned /s NAME text reaches the model as an image_url part (the largest size), and a reply with a photo alone too', async () => {
  const { harness, session } = await setup(true);
  const png = pngImage(5, 4);
  const queued = nextEvent(harness.engine, 'prompt_queued');
  harness.telegram.sendPhoto(ADA, png, { caption: '/s web-api what is wrong in this screenshot' });
  const q = await queued;
  expect(q.text).toBe('what is wrong in this screenshot');
  expect(q.images?.map((i) => [i.mime, i.bytes, i.width, i.height])).toEqual([['image/png', png.length, 5, 4]]);
  expect(await settled(harness.engine, q.promptId as string)).toBe('completed');
  const user = chatBodies<Msg>(harness.model)[0]!.messages.find((m) => m.role === 'user')!;
  expect(user.content).toEqual([
    { type: 'text', text: 'what is wrong in this screenshot' },
    { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
  ]);
  const getFile = harness.telegram.calls.filter((c) => c.method === 'getFile');
  expect(getFile.map((c) => c.body.file_id)).toEqual([expect.not.stringContaining('small')]);

  // A photo with no caption, as a reply to the session's message: the prompt says to look at it.
  const ack = await harness.message(ADA, 'the queued reply', (m) => m.text.startsWith('📨 Queued to web-api'));
  const again = nextEvent(harness.engine, 'prompt_queued', (e) => e.sessionId === session && e.promptId !== q.promptId);
  harness.telegram.sendPhoto(ADA, pngImage(1, 1), { replyTo: ack.messageId });
  const second = await again;
  expect(second.text).toBe('Look at the attached image.');
  expect(second.images).toHaveLength(1);
});

it('a photo for a model that cannot see is refused in one sentence, and nothing is queued', async () => {
  const { harness, session } = await setup(false);
  harness.telegram.sendPhoto(ADA, pngImage(2, 2), { caption: '/s web-api look' });
  const refusal = await harness.message(ADA, 'the refusal', (m) => m.text.startsWith('Not sent:'));
  expect(refusal.text).toBe('Not sent: the model scripted-model of provider "scripted" cannot see images; set "vision": true in its config.json entry if it can, or pick a vision model with /model');
  expect(unwrap(await harness.engine.handlers['session.get']({ session })).prompts).toHaveLength(0);
});
