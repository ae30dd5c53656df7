import type { Lang } from './lang';
import { render, type Msg } from './message';
import { translateReason } from './reasons';

/**
 * A sentence of the engine's in a language: rendered from its `Msg` when it came with one; otherwise (a sentence
 * not yet written as data, or stored before) translated from its English by the templates that remain.
 */
export function shownText(lang: Lang, text: string, m?: Msg | null): string {
  return m ? render(lang, m) : translateReason(lang, text);
}

/** An engine error as people read it, in the language. */
export function shownError(lang: Lang, error: { message: string; msg?: Msg }): string {
  return shownText(lang, error.message, error.msg);
}
