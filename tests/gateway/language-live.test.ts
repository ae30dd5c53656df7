import { afterEach, expect, it } from 'vitest';
import { helpText } from '../../main/gateway/chat-commands';
import { translator } from '../../shared/i18n';
import type { BotMessage } from '../fixtures/telegram-api-server';
import { settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const en = translator('en');
const zh = translator('zh-CN');
const SCRIPT = { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] }] };

/** Sends /help and waits for the bot's answer to that very message. */
async function help(harness: Harness): Promise<string> {
  const asked = harness.telegram.say(ADA, '/help');
  return (await harness.message(ADA, 'the /help answer', (m) => m.replyTo === asked)).text;
}

const buttonTexts = (m: BotMessage): string[] => (m.buttons ?? []).flat().map((b) => b.text);

it('answers in 简体中文 right after config.setLanguage, without a restart, and goes back to English the same way', async () => {
  h = await startHarness({ script: SCRIPT, env: { LANG: 'en_US.UTF-8' } });
  await h.pair(ADA);
  expect(await help(h)).toBe(helpText(en));

  unwrap(await h.engine.handlers['config.setLanguage']({ language: 'zh-CN' }));
  expect(await help(h)).toBe(helpText(zh));

  // A card raised after the switch is in the new language too; its buttons still work.
  const session = unwrap(await h.engine.handlers['session.create']({ workspace: tempDir(), name: 'web-api' })).id;
  const p = unwrap(await h.engine.handlers['prompt.send']({ session, text: 'say hi' }));
  const card = await h.message(ADA, 'the approval card', (m) => m.text.startsWith('🔐'));
  expect(card.text).toContain(zh('gateway.approval.tool', { tool: 'Bash' }));
  expect(buttonTexts(card)).toEqual([zh('gateway.approval.allowOnce'), zh('gateway.approval.allowSession'), zh('gateway.approval.allowAlways'), zh('gateway.approval.deny')]);
  h.telegram.press(ADA, card, zh('gateway.approval.allowOnce'));
  expect(await settled(h.engine, p.id)).toBe('completed');

  unwrap(await h.engine.handlers['config.setLanguage']({ language: 'en' }));
  expect(await help(h)).toBe(helpText(en));
});

it('stays in English under PARAGENTS_LANG=en whatever the setting changes to', async () => {
  h = await startHarness({ env: { PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' } });
  await h.pair(ADA);
  unwrap(await h.engine.handlers['config.setLanguage']({ language: 'zh-CN' }));
  expect(await help(h)).toBe(helpText(en));
});
