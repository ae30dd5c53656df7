import { translateReason } from '../../shared/i18n';
import { currentLang } from '../i18n';

/**
 * A sentence the engine wrote (a refused request, a reason) in the panel's language at the time it is shown:
 * for texts kept in component state or the command log, which are written once. English when no template
 * knows the sentence.
 */
export function engineText(text: string): string {
  return translateReason(currentLang(), text);
}
