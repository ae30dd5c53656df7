import type { Lang } from './lang';
import { render, type Msg } from './message';

/**
 * A sentence of the engine's in a language: rendered from its `Msg`; a sentence that came without one (stored
 * before it was written as data, or what a tool or the system said) is shown as written.
 */
export function shownText(lang: Lang, text: string, m?: Msg | null): string {
  return m ? render(lang, m) : text;
}

/** An engine error as people read it, in the language. */
export function shownError(lang: Lang, error: { message: string; msg?: Msg }): string {
  return shownText(lang, error.message, error.msg);
}
