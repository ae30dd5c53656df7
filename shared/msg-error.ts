import type { Lang } from './i18n/lang';
import { english, render, type Msg } from './i18n/message';

/**
 * An exception whose sentence is data, for the places that throw rather than return a `Result` (opening the
 * database, taking the data folder): `message` is its English, `msg` the sentence clients render in their language.
 */
export class MsgError extends Error {
  constructor(readonly msg: Msg) {
    super(english(msg));
    this.name = 'MsgError';
  }
}

/** What an exception says, as a sentence: its `Msg` when it carries one, else its own text (what the system said). */
export const thrownSentence = (e: unknown): Msg | string => (e instanceof MsgError ? e.msg : e instanceof Error ? e.message : String(e));

/** An exception as people read it in a language: rendered from its `Msg`, else its own text as written. */
export function shownThrown(lang: Lang, e: unknown): string {
  const said = thrownSentence(e);
  return typeof said === 'string' ? said : render(lang, said);
}
