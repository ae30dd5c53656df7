import i18next from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { CATALOGS, LANGS, type Lang, type MessageKey, type MessageVars } from '../../shared/i18n';
import { langOf, storeChoice, storedChoice, type LangChoice } from './language';

export type { LangChoice } from './language';
export { systemLang } from './language';

/**
 * The panel's i18next instance, built from the shared catalogs (the same ones the CLI and the gateways read).
 * Initialised synchronously at import, so any component (and any test rendering one) has its messages at once.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGS.map((l) => [l, { translation: CATALOGS[l] }])),
  lng: langOf(storedChoice()),
  fallbackLng: 'en',
  supportedLngs: [...LANGS],
  // React escapes what it renders; escaping here too would show &amp; and friends.
  interpolation: { escapeValue: false },
  nsSeparator: false,
  returnEmptyString: false,
  initAsync: false,
});
syncDocumentLang();

function syncDocumentLang(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLang();
}

export function currentLang(): Lang {
  const l = i18n.language;
  return (LANGS as readonly string[]).includes(l) ? (l as Lang) : 'en';
}

/** Switch the language now and remember the choice ('system' forgets it and follows the system again). */
export async function chooseLanguage(choice: LangChoice): Promise<void> {
  storeChoice(choice);
  await i18n.changeLanguage(langOf(choice));
  syncDocumentLang();
}

export { storedChoice as languageChoice };

/** A message outside React (store actions, command output): the current language at the time of the call. */
export function tr(key: MessageKey, vars?: MessageVars): string {
  return (i18n.t as unknown as (k: string, o?: MessageVars) => string)(key, vars);
}

export type T = (key: MessageKey, vars?: MessageVars) => string;

/** `t` for a component: re-renders it when the language changes. */
export function useT(): T {
  const { t } = useTranslation();
  return useCallback<T>((key, vars) => (t as unknown as (k: string, o?: MessageVars) => string)(key, vars), [t]);
}

/** The current language, for Intl formatting in a component (re-renders on change). */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  const l = instance.language;
  return (LANGS as readonly string[]).includes(l) ? (l as Lang) : 'en';
}
