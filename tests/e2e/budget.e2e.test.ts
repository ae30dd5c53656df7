// A budget pausing a session, end to end in real Chromium, in English and in 简体中文 (the browser's locale): real
// engine, browser host, scripted model server over HTTP. The person sets the session's budget in its header, the
// turn pauses at the step boundary with the "Budget reached" card, and the person resumes it once from the card.
// In 简体中文 each screen is checked for visible English catalog text. Screenshots go to a scratch folder;
// UPDATE_SCREENSHOTS=1 refreshes docs/screenshots/<lang>/ (and the README's English one).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, screenshotDir } from './harness';
import { openLangPanel, useWalkFixture, WALKS, type LangPanel } from './lang-panel';

const SHOTS = screenshotDir();

// Each step reports 700 tokens at $2 / $8 per million: $0.002 a step.
const STEP = { prompt_tokens: 600, completion_tokens: 100 };

describe.skipIf(!haveChromium())('budget in Chromium', () => {
  const fx = useWalkFixture('budget', {
    rules: [
      {
        when: 'survey:',
        steps: [
          { content: 'Listing the folder.', toolCalls: [{ name: 'LS', arguments: {} }], usage: STEP },
          { content: 'Listing it once more.', toolCalls: [{ name: 'LS', arguments: {} }], usage: STEP },
          { content: 'Survey finished past the budget.', usage: STEP },
        ],
      },
    ],
  });

  describe.each(WALKS)('in $lang', ({ lang, locale }) => {
    let panel: LangPanel;
    let page: Page;

    beforeAll(async () => {
      mkdirSync(join(fx.dir, lang, 'work'), { recursive: true });
      const home = join(fx.dir, lang, 'home');
      mkdirSync(home);
      writeFileSync(
        join(home, 'config.json'),
        JSON.stringify({
          providers: [{ name: 'scripted', baseURL: fx.model.url, model: 'scripted-model', apiKey: 'test-key', price: { inputPerMTok: 2, outputPerMTok: 8 } }],
          defaultProvider: 'scripted',
          maxRetries: 0,
        }),
      );
      panel = await openLangPanel(fx.browser, { lang, locale, home, staticDir: fx.staticDir, approvals: 'all' });
      ({ page } = panel);
    }, 60_000);

    afterAll(async () => {
      await panel?.close();
    });

    it('a session budget pauses the turn with the Budget reached card, and Resume once finishes it', async () => {
      const { said, step } = panel;
      const chats = () => fx.model.requests.filter((r) => r.method === 'POST').length;
      const header = () => page.locator('.session-pane .pane-header');
      const transcript = () => page.getByRole('region', { name: said('transcript.label', undefined, 'Transcript'), exact: true });
      const card = () => page.getByRole('dialog', { name: said('budget.dialog.title', undefined, 'Budget reached') });
      const tokens = (n: string) => said('budget.tokens', { tokens: n }, `${n} tokens`);

      await page.goto(panel.web.url);
      await page.getByRole('button', { name: said('compose.newSession', undefined, 'New session'), exact: true }).click();
      const form = page.getByRole('form', { name: said('compose.createSession', undefined, 'Create session') });
      await form.getByRole('textbox', { name: said('compose.workspace', undefined, 'Workspace'), exact: true }).fill(join(fx.dir, lang, 'work'));
      await form.getByRole('textbox', { name: said('compose.name', undefined, 'Name'), exact: true }).fill('capped');
      await form.getByRole('button', { name: said('compose.create', undefined, 'Create'), exact: true }).click();
      await header().getByRole('button', { name: said('budget.control.set', undefined, 'Set budget') }).click();
      await header().getByRole('textbox', { name: said('budget.control.field', undefined, 'Session budget') }).fill('1000');
      await header().getByRole('button', { name: said('budget.control.save', undefined, 'Save budget') }).click();
      await header().getByRole('button', { name: said('budget.control.current', { amount: tokens('1k') }, 'Budget: 1k tokens') }).waitFor();

      const chatsBefore = chats();
      const promptBox = page.getByRole('textbox', { name: said('compose.prompt', undefined, 'Prompt'), exact: true });
      await promptBox.fill('survey: what is in this folder?');
      await promptBox.press('Enter');

      // 700 tokens after the first step, 1400 after the second: its LS call ran, and the third request was not sent.
      await card().waitFor();
      const stopped = said(
        'budget.dialog.stopped',
        { what: said('budget.dialog.stopSession', { limit: tokens('1k'), used: tokens('1.4k') }, 'the session budget of 1k tokens is used up (1.4k tokens)') },
        'Paused: the session budget of 1k tokens is used up (1.4k tokens).',
      );
      await expect.poll(() => card().textContent()).toContain(stopped);
      expect(chats() - chatsBefore).toBe(2);
      const usage = (n: string, usd: string) => said('budget.withMoney', { tokens: tokens(n), money: usd }, `${n} tokens · ${usd}`);
      await expect.poll(() => header().getByRole('status', { name: said('budget.usageLabel', undefined, 'Usage') }).textContent()).toBe(usage('1.4k', '$0.004'));
      await expect.poll(() => page.locator('.pane-header .chip').first().textContent()).toBe(said('status.paused', undefined, 'paused'));
      const totals = page.getByRole('region', { name: said('budget.totals.label', undefined, 'Usage totals') });
      const today = (n: string, usd: string) => said('budget.totals.today', { usage: usage(n, usd) }, `Today: ${n} tokens · ${usd}`);
      await expect.poll(() => totals.textContent()).toContain(today('1.4k', '$0.004'));
      await step('budget-paused');
      if (lang === 'en') await page.screenshot({ path: join(SHOTS, 'budget-reached.png') });

      await card().getByRole('button', { name: said('budget.dialog.resumeOnce', undefined, 'Resume once') }).click();
      await transcript().getByText('Survey finished past the budget.').waitFor();
      await card().waitFor({ state: 'detached' });
      expect(chats() - chatsBefore).toBe(3);
      await expect
        .poll(() => transcript().getByLabel(said('budget.turnLabel', undefined, 'Turn usage')).textContent())
        .toBe(said('budget.turnText', { usage: usage('2.1k', '$0.006') }, 'Turn: 2.1k tokens · $0.006'));
      await expect.poll(() => totals.textContent()).toContain(today('2.1k', '$0.006'));
      await step('budget-resumed');
    }, 90_000);
  });
});
