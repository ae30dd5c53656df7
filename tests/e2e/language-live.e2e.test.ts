// The language switch reaches every open page at once in real Chromium: two pages in separate browser profiles
// (nothing shared but the engine), a switch in one, and the other changes without a reload. Under PARAGENTS_LANG
// the other page hears the new setting but keeps the override's language.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translator } from '../../shared/i18n';
import { haveChromium, openPanel, writeModelConfig, type OpenPanel } from './harness';
import { useE2EPanel } from './panel-fixture';

const en = translator('en');
const zh = translator('zh-CN');

/** A page in its own browser profile with an English browser, opened on the panel and marked to catch a reload. */
async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.goto(url);
  await page.getByRole('button', { name: en('compose.newSession'), exact: true }).waitFor();
  await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
  return page;
}

const notReloaded = (page: Page): Promise<boolean> => page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded === true);

/** Opens the settings in `page` and picks a language with the switch. */
async function choose(page: Page, t: typeof en, value: string): Promise<void> {
  await page.getByRole('button', { name: t('app.config'), exact: true }).click();
  await page.getByRole('combobox', { name: t('settings.language') }).selectOption(value);
}

describe.skipIf(!haveChromium())('a language switch reaches every open page', () => {
  // No turn runs here: without a script the provider is only there so the panel opens on its sessions.
  const fx = useE2EPanel({ name: 'livelang', approvals: 'all' });

  it('switches to 简体中文 in one page and the other shows it without a reload; back to English from the other', async () => {
    const first = await openPage(fx.panel.browser, fx.panel.web.url);
    const second = await openPage(fx.panel.browser, fx.panel.web.url);

    await choose(first, en, 'zh-CN');
    await second.getByRole('button', { name: zh('compose.newSession'), exact: true }).waitFor();
    expect(await second.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await notReloaded(second)).toBe(true);

    // And the other way: the second page's switch (it shows the new setting already) brings the first back.
    await choose(second, zh, 'en');
    await first.getByRole('button', { name: en('compose.newSession'), exact: true }).waitFor();
    expect(await first.locator('html').getAttribute('lang')).toBe('en');
    expect(await notReloaded(first)).toBe(true);
  }, 90_000);

  it('keeps the override under PARAGENTS_LANG=en: the other page shows the new setting and stays English', async () => {
    const home = join(fx.dir, 'home-override');
    writeModelConfig(home, 'http://127.0.0.1:9/v1');
    let panel: OpenPanel | null = null;
    try {
      panel = await openPanel({ home, staticDir: fx.staticDir, approvals: 'all', env: { PARAGENTS_LANG: 'en' } });
      const first = await openPage(panel.browser, panel.web.url);
      const second = await openPage(panel.browser, panel.web.url);
      await second.getByRole('button', { name: en('app.config'), exact: true }).click();
      const shown = second.getByRole('combobox', { name: en('settings.language') });
      expect(await shown.inputValue()).toBe('system');

      await choose(first, en, 'zh-CN');
      // The second page heard the change (its switch moved) ...
      await expect.poll(() => shown.inputValue()).toBe('zh-CN');
      // ... and stays in the override's language, as the page that switched does.
      for (const page of [second, first]) {
        expect(await page.getByRole('button', { name: en('compose.newSession'), exact: true }).count()).toBe(1);
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
      }
      expect(await notReloaded(second)).toBe(true);
    } finally {
      await panel?.close();
    }
  }, 90_000);
});
