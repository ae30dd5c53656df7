import { effectiveLang, LANGS, LANGUAGE_SETTINGS, pickLang, type Lang, type LanguageSetting } from '../../shared/i18n';

/** What the person chose in the settings: a language, or follow the system. Kept in config.json's `language`. */
export type LangChoice = LanguageSetting;

/** The engine's answer that decides the language: the setting, and PARAGENTS_LANG when it overrides it. */
export interface LangSource {
  setting: LangChoice;
  override: Lang | null;
}

// The engine holds the setting; this browser keeps the last answer it saw, so the page's first paint is already
// in the right language (the engine's answer arrives a moment later and wins if it differs).
const SETTING_KEY = 'paragents.lang';
const OVERRIDE_KEY = 'paragents.langOverride';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the next page starts from the system's language until the engine answers.
  }
}

export function cachedSource(): LangSource {
  const setting = read(SETTING_KEY);
  const override = read(OVERRIDE_KEY);
  return {
    setting: setting && (LANGUAGE_SETTINGS as readonly string[]).includes(setting) ? (setting as LangChoice) : 'system',
    override: override && (LANGS as readonly string[]).includes(override) ? (override as Lang) : null,
  };
}

export function cacheSource(source: LangSource): void {
  write(SETTING_KEY, source.setting === 'system' ? null : source.setting);
  write(OVERRIDE_KEY, source.override);
}

/**
 * The system's language: `?lang=` on the page's address (the desktop app puts Electron's locale there, the
 * browser host PARAGENTS_LANG), else the browser's own languages.
 */
export function systemLang(loc: Pick<Location, 'search'> | undefined = globalThis.location, nav: Pick<Navigator, 'language' | 'languages'> | undefined = globalThis.navigator): Lang {
  let fromUrl: string | null = null;
  try {
    fromUrl = loc ? new URLSearchParams(loc.search).get('lang') : null;
  } catch {
    fromUrl = null;
  }
  return pickLang(fromUrl, ...(nav?.languages ?? []), nav?.language);
}

/** PARAGENTS_LANG, then the setting unless it is `system`, then the system's language. */
export const langOf = (source: LangSource): Lang => effectiveLang(source.override, source.setting, () => systemLang());
