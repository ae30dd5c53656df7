// The language setting in real Chromium: switching to 简体中文 in one page saves config.json's `language` through
// the engine, and a page opened afterwards in another browser profile (nothing shared but the engine) starts in it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translator } from '../../shared/i18n';
import { haveChromium } from './harness';
import { useE2EPanel } from './panel-fixture';

describe.skipIf(!haveChromium())('the language setting shared through the engine', () => {
  // No turn runs here: without a script the provider is only there so the panel opens on its sessions.
  const fx = useE2EPanel({ name: 'lang', approvals: 'all' });
  const en = translator('en');
  const zh = translator('zh-CN');

  it('switches to 简体中文 in one page; a second browser opened afterwards starts in 简体中文, and 跟随系统 brings English back', async () => {
    const { page, web, browser } = fx.panel;
    const { home } = fx;
    await page.goto(web.url);
    await page.getByRole('button', { name: en('app.config'), exact: true }).click();
    await page.getByRole('combobox', { name: en('settings.language') }).selectOption('zh-CN');
    await page.getByRole('heading', { name: zh('config.title') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(() => (JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { language?: string }).language).toBe('zh-CN');

    // Another profile: its own (empty) storage and an English browser, so only the engine can tell it.
    const other = await browser.newContext({ locale: 'en-US' });
    try {
      const second = await other.newPage();
      await second.goto(web.url);
      await second.getByRole('button', { name: zh('app.config'), exact: true }).waitFor();
      expect(await second.locator('html').getAttribute('lang')).toBe('zh-CN');
      await second.getByRole('button', { name: zh('app.config'), exact: true }).click();
      await second.getByRole('combobox', { name: zh('settings.language') }).selectOption('system');
      await second.getByRole('heading', { name: en('config.title') }).waitFor();
      await expect.poll(() => 'language' in (JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as object)).toBe(false);
    } finally {
      await other.close();
    }

    // The first page, reloaded, follows the engine again (its own last answer said 简体中文).
    await page.reload();
    await page.getByRole('button', { name: en('app.config'), exact: true }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
  }, 90_000);
});
