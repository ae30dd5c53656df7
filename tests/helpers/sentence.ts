import { expect } from 'vitest';
import { english, render, type Msg } from '../../shared/i18n/message';

export const HAN = /\p{Script=Han}/u;

/** The Msg came, renders the English it travels beside, and renders in Chinese too. */
export function expectSentence(m: Msg | undefined, text: string): Msg {
  expect(m, text).toBeDefined();
  const said = m as Msg;
  expect(english(said)).toBe(text);
  expect(render('zh-CN', said)).toMatch(HAN);
  return said;
}
