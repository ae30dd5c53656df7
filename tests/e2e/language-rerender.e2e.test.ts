// A language switch re-renders what is already on screen, in real Chromium: a session's transcript filled by the
// engine (a hook's line, the policy's reason for a refused call, a model retry and a failed turn) and the command
// log filled by slash commands are all painted from their Msgs, so after en → 简体中文 every old notice, reason and
// log line reads in Chinese with its English sentence gone, and back in English each reads exactly as before.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { translator } from '../../shared/i18n';
import { haveChromium } from './harness';
import { useE2EPanel } from './panel-fixture';

const en = translator('en');
const zh = translator('zh-CN');
const HAN = /\p{Script=Han}/u;
const HOOK = "echo 'no shell here' >&2; exit 2";

/** Opens the settings and picks a language with the panel's switch; done once the page says it is in that language. */
async function choose(page: Page, t: typeof en, value: 'en' | 'zh-CN'): Promise<void> {
  await page.getByRole('button', { name: t('app.config'), exact: true }).click();
  await page.getByRole('combobox', { name: t('settings.language') }).selectOption(value);
  await page.locator(`html[lang="${value}"]`).waitFor();
  await page.keyboard.press('Escape');
}

const texts = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()));

describe.skipIf(!haveChromium())('a language switch re-renders old notices, reasons and log lines', () => {
  const fx = useE2EPanel({
    name: 'rerender',
    script: {
      models: ['scripted-model'],
      rules: [
        { when: 'run:', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'Stopped there.' }] },
        // Every attempt fails: one retry (maxRetries 1), then the turn fails.
        { when: 'fail:', steps: [{ fault: { type: '500', times: 5, retryAfter: 0 } }] },
      ],
    },
    config: { maxRetries: 1 },
    // A user hook refuses every Bash call: its line in the transcript, and its refusal as the call's reason.
    homeFiles: { 'settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: HOOK, timeout: 10 }] }] } } },
    approvals: 'all',
  });

  it('en → 简体中文 → en: every notice, reason and log line is painted again in the language', async () => {
    const { engine, page, panel } = fx;
    const ws = join(fx.dir, 'work');
    mkdirSync(ws, { recursive: true });
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'walk' }));
    for (const text of ['run: echo something', 'fail: try the model']) {
      const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text }));
      await settled(engine, p.id);
    }

    await page.goto(panel.web.url);
    await page.getByRole('list', { name: en('sessions.list') }).getByRole('button', { name: /^walk/ }).click();
    // The engine's notices, in English: the hook's line, the retry, the failed turn.
    const notices = '.item-notice';
    await expect.poll(async () => (await texts(page, notices)).length).toBeGreaterThanOrEqual(3);
    const englishNotices = await texts(page, notices);
    expect(englishNotices.some((n) => n.startsWith('hook PreToolUse on Bash'))).toBe(true);
    expect(englishNotices.some((n) => n.startsWith('model request failed ('))).toBe(true);
    expect(englishNotices.some((n) => n.startsWith('failed: '))).toBe(true);
    // The refused call's reason, opened.
    await page.locator('.tool-line').first().click();
    const reason = '.tool-reason';
    await page.locator(reason).waitFor();
    const englishReason = (await texts(page, reason))[0]!;
    expect(englishReason).toContain('refused by PreToolUse hook');

    // The command log: an unknown command, a session not found, the list of sessions.
    const promptBox = page.getByRole('textbox', { name: en('compose.prompt'), exact: true });
    const logLines = '.command-log .log-line';
    for (const [command, count] of [['/frobnicate', 1], ['/switch zz', 2], ['/list', 3]] as const) {
      await promptBox.fill(command);
      await promptBox.press('Enter');
      await expect.poll(async () => (await texts(page, logLines)).length).toBe(count);
    }
    const englishLog = await texts(page, logLines);
    expect(englishLog.slice(0, 2)).toEqual(['unknown command: /frobnicate (try /help)', 'session not found: zz']);

    await choose(page, en, 'zh-CN');
    // Every old line is painted again: each in Han characters, none its English sentence.
    await expect.poll(async () => (await texts(page, notices)).every((n) => HAN.test(n))).toBe(true);
    const chineseNotices = await texts(page, notices);
    expect(chineseNotices).toHaveLength(englishNotices.length);
    chineseNotices.forEach((n, i) => expect(n).not.toBe(englishNotices[i]));
    expect(chineseNotices.some((n) => n.startsWith(zh('reasons.turnFailed', { error: '' })))).toBe(true);
    const chineseReason = (await texts(page, reason))[0]!;
    expect(chineseReason).toMatch(HAN);
    expect(chineseReason).not.toContain('refused by');
    const chineseLog = await texts(page, logLines);
    expect(chineseLog).toHaveLength(englishLog.length);
    chineseLog.forEach((l, i) => {
      expect(l).toMatch(HAN);
      expect(l).not.toBe(englishLog[i]);
    });
    expect(chineseLog[0]).toBe(zh('commands.out.unknown', { name: 'frobnicate' }));

    // And back: each reads exactly as it did.
    await choose(page, zh, 'en');
    await expect.poll(() => texts(page, notices)).toEqual(englishNotices);
    expect((await texts(page, reason))[0]).toBe(englishReason);
    expect(await texts(page, logLines)).toEqual(englishLog);
  }, 120_000);
});
