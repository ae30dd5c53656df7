// The panel walked in 简体中文 and in English in real Chromium: real engine, browser host, scripted model server over
// HTTP. The language comes from the browser (its locale), as it does for people; the walk goes through the
// sidebar, a session with a transcript and tool calls, an approval card, a conflict card, the Changes tab, a budget
// card, the command palette and the permissions, setup and configuration views. In 简体中文 it fails on any visible
// string of the English catalog (outside code, paths, tool output and the model's text). Screenshots of both walks
// go to a scratch folder; UPDATE_SCREENSHOTS=1 refreshes the committed ones in docs/screenshots/{en,zh-CN}/.
// Reverting a file, sending line comments, merging, a budget resumed and a search hit opened are walked in both
// languages by changes, budget and palette.e2e.test.ts, with the same check (catalog-check.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translator, type Lang } from '../../shared/i18n';
import { englishOnPage } from './catalog-check';
import { openLangPanel, useWalkFixture, type LangPanel } from './lang-panel';
import { haveChromium, screenshotDir, writeModelConfig } from './harness';

const STORY = 'Parallel agents need a panel where nothing important is missed. '.repeat(8);
// Each step of the survey reports 700 tokens: a 1,000-token budget stops the turn after its second step.
const STEP = { prompt_tokens: 600, completion_tokens: 100 };

describe.skipIf(!haveChromium())('the panel in 简体中文 and English', () => {
  const fx = useWalkFixture('i18n', {
    models: ['scripted-model'],
    rules: [
      {
        when: 'notes:',
        steps: [
          { content: 'Writing the notes.', toolCalls: [{ name: 'Write', arguments: { path: 'notes.md', content: '# Notes\n\nThree sessions, one panel.\n' } }] },
          { content: 'Wrote notes.md.' },
        ],
      },
      // One gate per language: a gate stays open once opened, and each walk holds its report mid-answer.
      ...(['en', 'zh-CN'] as const).map((lang) => ({
        when: `report-${lang}:`,
        steps: [{ content: `## Report\n\n${STORY}`, gate: `report-${lang}`, gateAfterChunks: 4 }],
      })),
      { when: 'echo:', steps: [{ content: 'Echo wrote nothing.' }] },
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

  /** One engine and browser host per walk, so each language's screenshots show only its own sessions. */
  async function open(lang: Lang, locale: string): Promise<LangPanel & { root: string }> {
    const root = join(fx.dir, lang);
    for (const name of ['alpha', 'beta', 'shared']) mkdirSync(join(root, name), { recursive: true });
    const home = join(root, 'home');
    writeModelConfig(home, fx.model.url);
    return { ...(await openLangPanel(fx.browser, { lang, locale, home, staticDir: fx.staticDir, approvals: 'ask' })), root };
  }

  async function walk(lang: Lang, locale: string, check: (page: Page, step: string) => Promise<void>): Promise<void> {
    const shots = join(screenshotDir(), lang);
    const { page, web, t, root, close } = await open(lang, locale);
    const step = async (name: string) => {
      await page.screenshot({ path: join(shots, `${name}.png`) });
      await check(page, name);
    };
    const sessions = () => page.getByRole('list', { name: t('sessions.list') });
    const sessionButton = (name: string) => sessions().getByRole('button', { name: new RegExp(`^${name}`) });
    const promptBox = () => page.getByRole('textbox', { name: t('compose.prompt'), exact: true });
    const transcript = () => page.getByRole('region', { name: t('transcript.label'), exact: true });
    const header = () => page.locator('.session-pane .pane-header');
    const chipOf = async (name: string) => ((await sessionButton(name).locator('.chip').textContent()) ?? '').trim();

    const createSession = async (name: string, workspace: string) => {
      await page.getByRole('button', { name: t('compose.newSession'), exact: true }).click();
      const form = page.getByRole('form', { name: t('compose.createSession') });
      await form.getByRole('textbox', { name: t('compose.workspace'), exact: true }).fill(join(root, workspace));
      await form.getByRole('textbox', { name: t('compose.name'), exact: true }).fill(name);
      await form.getByRole('button', { name: t('compose.create'), exact: true }).click();
      await expect.poll(() => sessionButton(name).getAttribute('aria-current')).toBe('true');
    };
    const send = async (text: string) => {
      await promptBox().fill(text);
      await promptBox().press('Enter');
      await transcript().getByText(text).waitFor();
    };

    try {
      await page.goto(web.url);
      await page.getByRole('button', { name: t('compose.newSession'), exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await step('welcome');

      // A session whose Write asks for approval; allowed once, it writes notes.md.
      await createSession('writer', 'alpha');
      await send('notes: write notes.md');
      const approval = page.getByRole('dialog', { name: t('approval.required') });
      await approval.waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await approval.textContent()) ?? '').toContain('notes.md');
      await step('approval');
      await approval.getByRole('button', { name: t('approval.allowOnce'), exact: true }).click();
      await transcript().getByText('Wrote notes.md.').waitFor({ timeout: 15_000 });
      await expect.poll(() => chipOf('writer')).toBe(t('status.completed'));
      await transcript().getByRole('button', { name: /notes\.md/ }).click(); // the tool call, opened: input and reason
      await step('transcript');

      // Its Changes tab: the file it wrote, with the diff.
      await page.getByRole('tab', { name: t('changes.tabs.changes') }).click();
      await page.getByRole('list', { name: t('changes.files') }).getByRole('button', { name: /notes\.md/ }).click();
      await page.getByText('Three sessions, one panel.').first().waitFor({ timeout: 15_000 });
      await step('changes');
      await page.getByRole('tab', { name: t('changes.tabs.transcript') }).click();

      // Two sessions declaring the same output: the second is held with a conflict card.
      await createSession('report', 'shared');
      await send(`report-${lang}: write the report > out/report.txt`);
      await fx.model.reached(`report-${lang}`);
      await createSession('echo', 'shared');
      await send('echo: echo hi > out/report.txt');
      const conflict = page.getByRole('group', { name: t('conflict.label') });
      await conflict.waitFor({ timeout: 15_000 });
      await step('conflict');
      await conflict.getByRole('button', { name: t('conflict.override'), exact: true }).click();
      await transcript().getByText('Echo wrote nothing.').waitFor({ timeout: 15_000 });

      // A session budget reached: the turn pauses with the budget card.
      await createSession('capped', 'beta');
      await header().getByRole('button', { name: t('budget.control.set') }).click();
      await header().getByRole('textbox', { name: t('budget.control.field') }).fill('1000');
      await header().getByRole('button', { name: t('budget.control.save') }).click();
      await send('survey: what is in this folder?');
      const budget = page.getByRole('dialog', { name: t('budget.dialog.title') });
      await budget.waitFor({ timeout: 15_000 });
      await step('budget');
      await budget.getByRole('button', { name: t('budget.dialog.resumeOnce') }).click();
      await transcript().getByText('Survey finished past the budget.').waitFor({ timeout: 15_000 });

      // The command palette finds the notes across sessions.
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: t('palette.dialog') });
      await palette.getByRole('searchbox', { name: t('palette.search') }).fill('notes');
      await palette.getByRole('group', { name: t('palette.messages') }).waitFor({ timeout: 15_000 });
      await step('palette');
      await page.keyboard.press('Escape');

      const views = page.getByRole('navigation', { name: t('app.views') });
      await views.getByRole('button', { name: t('permissions.title'), exact: true }).click();
      const permissions = page.getByRole('region', { name: t('permissions.title') });
      await permissions.getByRole('heading', { name: t('permissions.checkCall') }).waitFor();
      await permissions.getByRole('button', { name: t('permissions.check'), exact: true }).click();
      await permissions.getByRole('status').waitFor();
      await step('permissions');
      await permissions.getByRole('button', { name: t('common.close'), exact: true }).click();

      await views.getByRole('button', { name: t('app.setup'), exact: true }).click();
      const setup = page.getByRole('region', { name: t('setup.label') });
      await setup.getByRole('heading', { name: t('setup.title') }).waitFor();
      await step('setup');
      await setup.getByRole('button', { name: t('common.close'), exact: true }).click();

      await views.getByRole('button', { name: t('app.config'), exact: true }).click();
      const config = page.getByRole('region', { name: t('config.title') });
      await config.getByRole('table').waitFor();
      await step('config');
      await config.getByRole('button', { name: t('common.close'), exact: true }).click();

      fx.model.openGate(`report-${lang}`);
      await expect.poll(() => chipOf('report'), { timeout: 30_000 }).toBe(t('status.completed'));
    } finally {
      await close();
    }
  }

  it('walks the panel in 简体中文 (the browser’s language) without a string of the English catalog', async () => {
    await walk('zh-CN', 'zh-CN', async (page, step) => {
      expect(await englishOnPage(page), `English left on the “${step}” screen`).toEqual([]);
    });
  }, 180_000);

  it('walks it in English, where the same check finds the English catalog’s strings', async () => {
    const found: string[] = [];
    await walk('en', 'en-US', async (page) => {
      found.push(...(await englishOnPage(page)));
    });
    // The check is not blind: the English panel shows dozens of the catalog's texts.
    expect(found.length).toBeGreaterThan(40);
    expect(found.some((f) => f.startsWith('approval.allowOnce'))).toBe(true);
  }, 180_000);

  it('switches language in the configuration view at once, and ?lang= on the address overrides the browser', async () => {
    const { page, web, close } = await open('en', 'en-US');
    try {
      await page.goto(`${web.url}&lang=zh-CN`);
      const zh = translator('zh-CN');
      const en = translator('en');
      await page.getByRole('button', { name: zh('compose.newSession'), exact: true }).waitFor();
      await page.getByRole('navigation', { name: zh('app.views') }).getByRole('button', { name: zh('app.config'), exact: true }).click();
      await page.getByRole('combobox', { name: zh('settings.language') }).selectOption('en');
      await page.getByRole('heading', { name: en('config.title') }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      // The choice is kept: a reload stays in English although the address says zh-CN.
      await page.reload();
      await page.getByRole('button', { name: en('compose.newSession'), exact: true }).waitFor();
      await page.getByRole('navigation', { name: en('app.views') }).getByRole('button', { name: en('app.config'), exact: true }).click();
      await page.getByRole('combobox', { name: en('settings.language') }).selectOption('system');
      await page.getByRole('heading', { name: zh('config.title') }).waitFor();
    } finally {
      await close();
    }
  }, 60_000);
});
