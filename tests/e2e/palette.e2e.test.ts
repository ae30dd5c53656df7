// The command palette end to end in real Chromium, in English and in 简体中文 (the browser's locale): real engine
// and SQLite, browser host, scripted model server. A search hit deep in a long (closed) session's history opens
// that session at the message: its pages are read back to the one holding it, the entry is scrolled into view and
// marked. A hit in an answer that streamed in while the panel watched opens too. In 简体中文 each screen is checked
// for visible English catalog text. Screenshots go to a scratch folder (UPDATE_SCREENSHOTS=1:
// docs/screenshots/<lang>/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/core/engine';
import { openTestStore } from '../helpers/prompt-moves';
import { writer } from '../search/helpers';
import { haveChromium, writeModelConfig } from './harness';
import { openLangPanel, useWalkFixture, WALKS, type LangPanel } from './lang-panel';

/** Turns of the long session: 60 × 7 stored events, more than one page of history (300 events). */
const TURNS = 60;
/** The turn whose answer holds the word searched for: in the oldest page. */
const TARGET = 4;

/** Runs in the page (source text: the Node typecheck has no DOM types): whether the scrolling has come to rest. */
const SCROLL_SETTLED = `(selector) => new Promise((resolve) => {
  const el = document.querySelector(selector);
  const at = el ? el.scrollTop : -1;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === 0 && !!el && el.scrollTop === at)));
})`;

describe.skipIf(!haveChromium())('command palette in Chromium', () => {
  const fx = useWalkFixture('palette', { models: ['scripted-model'], rules: [{ when: 'quokka', steps: [{ content: 'The quokka report is ready: three files changed.' }] }] });

  describe.each(WALKS)('in $lang', ({ lang, locale }) => {
    let panel: LangPanel;
    let page: Page;
    const work = (name: string) => join(fx.dir, lang, name);

    beforeAll(async () => {
      for (const name of ['archive', 'current']) mkdirSync(work(name), { recursive: true });
      const home = work('home');
      // The long history is written before the engine starts, through the store's own writers (as turns write it).
      const { store } = openTestStore(join(home, DATABASE_FILE));
      const w = writer(store);
      const archive = w.session(work('archive'), 'archive');
      for (let t = 0; t < TURNS; t++) {
        w.turn(archive, {
          prompt: `step ${t}: tidy module ${t}`,
          calls: [{ tool: 'Read', input: { path: `src/module-${t}.ts` }, output: `export const module${t} = ${t};` }],
          answer: t === TARGET ? 'The zanzibar flag was the cause: module 4 read it before it was set.' : `Module ${t} is tidy now.`,
        });
      }
      store.sessions.close(archive);
      store.close();
      writeModelConfig(home, fx.model.url);
      panel = await openLangPanel(fx.browser, { lang, locale, home, staticDir: fx.staticDir, approvals: 'all', viewport: { width: 1300, height: 820 } });
      ({ page } = panel);
    }, 60_000);

    afterAll(async () => {
      await panel?.close();
    });

    const palette = () => page.getByRole('dialog', { name: panel.said('palette.dialog', undefined, 'Command palette') });
    const searchBox = () => palette().getByRole('searchbox', { name: panel.said('palette.search', undefined, 'Search') });
    const messages = () => palette().getByRole('group', { name: panel.said('palette.messages', undefined, 'Messages') });
    const transcript = () => page.getByRole('region', { name: panel.said('transcript.label', undefined, 'Transcript'), exact: true });
    const sessions = () => page.getByRole('list', { name: panel.said('sessions.list', undefined, 'Sessions') });
    const newSession = () => page.getByRole('button', { name: panel.said('compose.newSession', undefined, 'New session'), exact: true });
    const focused = async () => (await page.locator('.session-pane h2').first().textContent())?.trim();

    /** The marked entry is inside the transcript's visible part. */
    async function expectInView(text: string): Promise<void> {
      const marked = transcript().locator('.revealed');
      await expect.poll(async () => (await marked.count()) === 1 && ((await marked.textContent()) ?? '').includes(text)).toBe(true);
      await expect
        .poll(async () => {
          const [row, view] = await Promise.all([marked.boundingBox(), transcript().boundingBox()]);
          return row !== null && view !== null && row.y >= view.y - 1 && row.y + Math.min(row.height, 40) <= view.y + view.height + 1;
        })
        .toBe(true);
      // Still for the screenshot: the page itself not scrolled, and the transcript's scrolling over (the same for two frames).
      await expect.poll(() => page.evaluate(`(${SCROLL_SETTLED})('.session-pane .transcript')`)).toBe(true);
    }

    it('opens a closed session at a message found deep in its history', async () => {
      const { said, step } = panel;
      await page.goto(panel.web.url);
      await newSession().waitFor();
      await page.keyboard.press('Control+k');
      await searchBox().fill('zanzibar');
      const hit = messages().getByRole('option');
      await expect.poll(() => hit.count()).toBe(1);
      expect(await hit.textContent()).toContain('The zanzibar flag was the cause');
      expect(await hit.locator('mark').textContent()).toBe('zanzibar');
      await step('search');

      await hit.click();
      await expect.poll(() => palette().count()).toBe(0);
      await expect.poll(focused).toBe('archive');
      await expectInView('The zanzibar flag was the cause');
      await step('search-hit');
      // Its closed state holds: the session menu offers to reopen it, and reopening lists it again.
      await page.getByRole('button', { name: said('palette.menu.label', undefined, 'Session menu') }).click();
      await page.getByRole('menuitem', { name: said('palette.menu.reopen', undefined, 'Reopen') }).click();
      await sessions().getByRole('button', { name: /^archive/ }).waitFor();
    }, 90_000);

    it('opens an answer that streamed in while the panel watched, by keyboard', async () => {
      const { said } = panel;
      await newSession().click();
      const form = page.getByRole('form', { name: said('compose.createSession', undefined, 'Create session') });
      await form.getByRole('textbox', { name: said('compose.workspace', undefined, 'Workspace'), exact: true }).fill(work('current'));
      await form.getByRole('textbox', { name: said('compose.name', undefined, 'Name'), exact: true }).fill('current');
      await form.getByRole('button', { name: said('compose.create', undefined, 'Create'), exact: true }).click();
      // The prompt box belongs to the focused session: type once the new one is focused, not into the one before.
      await expect.poll(focused, { timeout: 30_000 }).toBe('current');
      const prompt = page.getByRole('textbox', { name: said('compose.prompt', undefined, 'Prompt'), exact: true });
      await prompt.fill('write the quokka report');
      await prompt.press('Enter');
      await transcript().getByText('The quokka report is ready').waitFor();

      // Elsewhere first, so opening the hit has to bring the session back.
      await sessions().getByRole('button', { name: /^archive/ }).click();
      await page.keyboard.press('Control+k');
      await searchBox().fill('quokka report ready');
      const hits = messages().getByRole('option');
      await expect.poll(() => hits.count()).toBe(1);
      const options = palette().getByRole('option');
      const before = await options.count();
      for (let i = 0; i < before - 1; i++) await searchBox().press('ArrowDown');
      await searchBox().press('Enter');
      await expect.poll(focused).toBe('current');
      await expectInView('The quokka report is ready');
    }, 90_000);
  });
});
