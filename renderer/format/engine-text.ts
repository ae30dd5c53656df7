import { shownError, shownText, type Msg } from '../../shared/i18n';
import { currentLang } from '../i18n';

/** An engine error in the panel's language at the time it is shown: from its `Msg` when it has one. */
export function engineError(error: { message: string; msg?: Msg }): string {
  return shownError(currentLang(), error);
}

/** A sentence of the engine's (a reason, a refusal) in the panel's language now: from its `Msg` when it has one. */
export function engineText(text: string, m?: Msg | null): string {
  return shownText(currentLang(), text, m);
}
