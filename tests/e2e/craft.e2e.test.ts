// The agent's craft in the panel (real Chromium, real engine, scripted model): the live plan above the prompt box and
// its progress in the session list, still there after the engine restarts; an image pasted into the prompt box shown
// as a thumbnail, removable, sent to the model as an image_url part and shown in the transcript.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { chatBodies } from '../helpers/chat-bodies';
import { pngImage } from '../helpers/png';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { builtPanel, haveChromium, openPanel, requireChromiumOnCI, screenshotDir, writeModelConfig, type OpenPanel } from './harness';

const SHOTS = screenshotDir();
const ITEMS = [
  { content: 'Read the parser', status: 'completed' },
  { content: 'Fix the off-by-one', status: 'in_progress' },
  { content: 'Run the tests', status: 'pending' },
];

type Part = { type: string; text?: string; image_url?: { url: string } };

/** Pastes an image file into the prompt box, as a clipboard holding one gives it to the page. */
async function pasteImage(box: Locator, name: string, bytes: Buffer): Promise<void> {
  await box.evaluate(
    (el, { n, b64 }) => {
      // The page's own DOM classes (this callback runs in Chromium; Node's types do not name them).
      const dom = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: File): void } };
        ClipboardEvent: new (type: string, init: Record<string, unknown>) => Event;
      };
      const data = new dom.DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], n, { type: 'image/png' }));
      el.dispatchEvent(new dom.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { n: name, b64: bytes.toString('base64') },
  );
}
type Msg = { role: string; content: string | Part[] };

describe.skipIf(!haveChromium())('the agent’s craft in Chromium', () => {
  requireChromiumOnCI();
  let dir = '';
  let staticDir = '';
  let model: ModelServer;
  let panel: OpenPanel | null = null;
  const home = () => join(dir, 'home');
  const open = async () => {
    panel = await openPanel({ home: home(), staticDir, approvals: 'all' });
    return panel;
  };

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'paragents-e2e-craft-')));
    mkdirSync(join(dir, 'work'));
    staticDir = await builtPanel();
    model = await startModelServer({
      script: {
        rules: [
          { when: 'plan the fix', steps: [{ toolCalls: [{ name: 'Plan', arguments: { items: ITEMS } }] }, { content: 'planned' }] },
          { when: 'what is in', steps: [{ content: 'a small square' }] },
        ],
      },
    });
    writeModelConfig(home(), model.url, {
      providers: [
        { name: 'scripted', baseURL: model.url, model: 'scripted-model', apiKey: 'test-key', vision: true },
        { name: 'blind', baseURL: model.url, model: 'blind-model', apiKey: 'test-key' },
      ],
    });
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the live plan above the prompt box and its progress in the list, and again after a restart', async () => {
    const { engine, page, web } = await open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: join(dir, 'work'), name: 'fixer' }));
    await page.goto(web.url);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^fixer/ }).click();
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'plan the fix' }));
    expect(await settled(engine, p.id)).toBe('completed');

    const plan = page.getByRole('region', { name: 'Plan' });
    await plan.waitFor();
    expect(await plan.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Read the parser'),
      expect.stringContaining('Fix the off-by-one'),
      expect.stringContaining('Run the tests'),
    ]);
    expect(await plan.locator('[aria-current="step"]').innerText()).toContain('Fix the off-by-one');
    expect(await page.getByRole('list', { name: 'Sessions' }).getByRole('img', { name: 'Plan: 1 of 3 steps done' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'plan.png') });

    // The engine and the panel start again on the same data folder: the plan is read back with the session.
    await panel?.close();
    panel = null;
    const again = await open();
    await again.page.goto(again.web.url);
    await again.page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^fixer/ }).click();
    const back = again.page.getByRole('region', { name: 'Plan' });
    await back.waitFor();
    expect(await back.getByRole('listitem').count()).toBe(3);
    expect(await again.page.getByRole('list', { name: 'Sessions' }).getByRole('img', { name: 'Plan: 1 of 3 steps done' }).count()).toBe(1);
  });

  it('attaches a pasted image as a thumbnail that can be removed, and sends the rest to the model', async () => {
    const { engine, page } = panel ?? (await open());
    const s = unwrap(await engine.handlers['session.create']({ workspace: join(dir, 'work'), name: 'looker' }));
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^looker/ }).click();
    const box = page.getByRole('textbox', { name: 'Prompt' });
    const keep = pngImage(3, 3);
    const drop = pngImage(2, 1);
    await pasteImage(box, 'keep.png', keep);
    await pasteImage(box, 'drop.png', drop);
    const attached = page.getByRole('list', { name: 'Attached images' });
    await attached.getByRole('img', { name: 'Image drop.png' }).waitFor();
    expect(await attached.getByRole('img').count()).toBe(2);
    await attached.getByRole('button', { name: 'Remove image drop.png' }).click();
    expect(await attached.getByRole('img').count()).toBe(1);

    const before = chatBodies(model).length;
    await box.fill('what is in this picture');
    await box.press('Enter');
    await page.getByRole('img', { name: 'Image keep.png' }).and(page.locator('.stored-image')).waitFor();
    expect(await page.getByRole('list', { name: 'Attached images' }).count()).toBe(0);
    const detail = unwrap(await engine.handlers['session.get']({ session: s.id }));
    expect(await settled(engine, detail.prompts[0]!.id)).toBe('completed');
    const user = chatBodies<Msg>(model).slice(before)[0]!.messages.find((m) => m.role === 'user')!;
    expect(user.content).toEqual([
      { type: 'text', text: 'what is in this picture' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${keep.toString('base64')}` } },
    ]);
    await page.screenshot({ path: join(SHOTS, 'image-prompt.png') });
  });

  it('keeps the text and the images in the box when the session’s model cannot see, and says so in one line', async () => {
    const { engine, page } = panel ?? (await open());
    const s = unwrap(await engine.handlers['session.create']({ workspace: join(dir, 'work'), name: 'blindfold' }));
    unwrap(await engine.handlers['session.setModel']({ session: s.id, provider: 'blind' }));
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^blindfold/ }).click();
    const box = page.getByRole('textbox', { name: 'Prompt' });
    await pasteImage(box, 'shot.png', pngImage(2, 2));
    await page.getByRole('list', { name: 'Attached images' }).getByRole('img', { name: 'Image shot.png' }).waitFor();
    await box.fill('what is this');
    await box.press('Enter');
    const log = page.getByRole('region', { name: 'Command output' });
    await log.getByText('cannot see images').waitFor();
    expect(await log.innerText()).toContain('the model blind-model of provider "blind" cannot see images');
    expect(await box.inputValue()).toBe('what is this');
    expect(await page.getByRole('list', { name: 'Attached images' }).getByRole('img').count()).toBe(1);
    expect(unwrap(await engine.handlers['session.get']({ session: s.id })).prompts).toHaveLength(0);
  });
});
