import i18next from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { EngineApi } from '../../shared/api';
import { CATALOGS, LANGS, type Lang, type MessageKey, type MessageVars, type Msg } from '../../shared/i18n';
import type { AppError } from '../../shared/result';
import { cachedSource, cacheSource, langOf, type LangChoice, type LangSource } from './language';

export type { LangChoice } from './language';
export { systemLang } from './language';

/** What the language switch shows: the setting, PARAGENTS_LANG when it overrides it, and a problem with config.json's value. */
export interface LanguageView extends LangSource {
  problem: string | null;
  /** The problem as data, rendered in the panel's language (absent when the engine sent only its English). */
  problemMsg?: Msg | null;
}

let view: LanguageView = { ...cachedSource(), problem: null };
const viewListeners = new Set<() => void>();

/**
 * The panel's i18next instance, built from the shared catalogs (the same ones the CLI and the gateways read).
 * Initialised synchronously at import, so any component (and any test rendering one) has its messages at once.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGS.map((l) => [l, { translation: CATALOGS[l] }])),
  lng: langOf(view),
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

/** The two requests the language needs: reading config.json's `language` and writing it. */
export type LanguageApi = Pick<EngineApi, 'config.language' | 'config.setLanguage'>;

async function apply(next: LanguageView): Promise<void> {
  view = next;
  cacheSource(next);
  viewListeners.forEach((listener) => listener());
  await i18n.changeLanguage(langOf(next));
  syncDocumentLang();
}

/**
 * At start: the engine's setting decides (the same for the desktop app and every browser). When the engine
 * cannot answer, the page stays in the language it started in.
 */
export async function loadLanguage(api: LanguageApi): Promise<void> {
  const r = await api['config.language']({});
  if (r.ok) await apply(r.value);
}

/**
 * The switch: the panel changes at once, then config.json's `language` is written through the engine
 * ('system' removes it and the system's language applies again). When the engine refuses, the page goes back
 * to what was saved and the reason is returned.
 */
export async function chooseLanguage(api: LanguageApi, choice: LangChoice): Promise<AppError | null> {
  const before = view;
  await apply({ ...view, setting: choice });
  const r = await api['config.setLanguage']({ language: choice });
  if (!r.ok) {
    await apply(before);
    return r.error;
  }
  await apply(r.value);
  return null;
}

/**
 * The engine said the setting changed (`language_changed`, from this page's switch or another's): this page
 * follows at once. PARAGENTS_LANG still wins (langOf), so under it only the switch's setting moves.
 */
export function followLanguage(source: LangSource): Promise<void> {
  return apply({ setting: source.setting, override: source.override, problem: null });
}

function subscribeView(listener: () => void): () => void {
  viewListeners.add(listener);
  return () => viewListeners.delete(listener);
}

/** The setting and its override as the switch shows them; re-renders when they change. */
export function useLanguageView(): LanguageView {
  return useSyncExternalStore(subscribeView, () => view);
}

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
