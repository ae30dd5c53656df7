import { shownError, type Msg } from '../../shared/i18n';
import { currentLang } from '../i18n';

/** An engine error in the panel's language at the time it is shown: from its `Msg` when it has one. */
export function engineError(error: { message: string; msg?: Msg }): string {
  return shownError(currentLang(), error);
}
