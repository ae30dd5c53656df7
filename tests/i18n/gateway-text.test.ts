import { afterEach, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import type { BotMessage } from '../fixtures/telegram-api-server';
import { ADA, startHarness, type Harness } from '../gateway/harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const buttonTexts = (m: BotMessage): string[][] => (m.buttons ?? []).map((row) => row.map((b) => b.text));

it('sends approval cards, answers and notifications in 简体中文 when PARAGENTS_LANG says so', async () => {
  h = await startHarness({
    script: { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] }] },
    env: { PARAGENTS_LANG: 'zh-CN' },
  });
  await h.pair(ADA);
  const paired = await h.message(ADA, 'the pairing reply', (m) => m.text.startsWith('✅ 已配对'));
  expect(paired.text).toContain('/sessions：列出会话及其正在做的事');
  const session = unwrap(await h.engine.handlers['session.create']({ workspace: tempDir(), name: 'web-api' })).id;
  const p = unwrap(await h.engine.handlers['prompt.send']({ session, text: 'say hi' }));
  const harness = h;
  const card = await harness.message(ADA, 'the approval card', (m) => m.text.includes('需要审批'));
  expect(card.text).toContain('工具：Bash');
  expect(card.text).toContain('$ echo hi');
  expect(card.text).toContain('原因：`echo hi` 在 default 模式下需要审批');
  expect(card.text).toContain('回复这条消息即可拒绝');
  expect(buttonTexts(card)).toEqual([['允许一次', '本会话内允许'], ['始终允许', '拒绝']]);

  const query = harness.telegram.press(ADA, card, '允许一次');
  expect(await settled(harness.engine, p.id)).toBe('completed');
  await harness.telegram.waitFor('the edit', () => card.edits.length > 0);
  expect(card.text).toContain('✅ 允许一次，操作者：Ada (@ada)（Telegram）。');
  const answer = await harness.telegram.waitFor('the button answer', () => harness.telegram.buttonAnswers.find((a) => a.queryId === query));
  expect(answer.text).toBe('完成：允许一次。');
  const ref = unwrap(await harness.engine.handlers['session.get']({ session })).ref;
  const done = await harness.message(ADA, 'the turn notification', (m) => m.text.includes('已完成'));
  expect(done.text).toBe(`✅ web-api (${ref}) 已完成：\nsaid: hi\n`);

  harness.telegram.say(ADA, '/sessions');
  const list = await harness.message(ADA, 'the session list', (m) => m.text.startsWith('会话：'));
  // The label, then its status in the chat's language.
  expect(list.text).toMatch(new RegExp(`• web-api \\(${ref}\\): (空闲|完成)`));
});
