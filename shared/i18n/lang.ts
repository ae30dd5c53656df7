import { english, msg, type Msg } from './message';

/** The languages the catalogs hold. English is the fallback and the language of the contract (accessible names). */
export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

/** Names of the languages in themselves, for the language switch. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', 'zh-CN': '简体中文' };

/**
 * The catalog language for a locale tag as systems spell it: `zh-CN`, `zh_CN.UTF-8`, `zh-Hans`, `zh` → zh-CN;
 * `en`, `en_US.UTF-8`, `C`… → en only when it names English. Null for anything else (the caller goes on).
 */
export function langFromTag(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (/^zh(-|$|\.)/.test(t)) return 'zh-CN';
  if (/^en(-|$|\.)/.test(t)) return 'en';
  return null;
}

/** The first of the candidates that names a catalog language, else English. */
export function pickLang(...candidates: (string | null | undefined)[]): Lang {
  for (const c of candidates) {
    const lang = langFromTag(c);
    if (lang) return lang;
  }
  return 'en';
}

/**
 * The language of the CLI and the gateways from the environment: `PARAGENTS_LANG` first, then the locale
 * variables (LC_ALL, LC_MESSAGES, LANG) — zh* is 简体中文, anything else English.
 */
export function langFromEnv(env: Readonly<Record<string, string | undefined>>): Lang {
  const explicit = langFromTag(env.PARAGENTS_LANG);
  if (explicit) return explicit;
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value) return langFromTag(value) ?? 'en';
  }
  return 'en';
}

/** config.json's `language`: follow the system (the default) or always one catalog language. */
export const LANGUAGE_SETTINGS = ['system', ...LANGS] as const;
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number];

/**
 * config.json's `language` as written: a setting, or `system` with a one-sentence problem when the value is not
 * one of them (a bad value never stops anything; the file's name and the setting say where to fix it).
 */
export function readLanguageSetting(file: string, value: unknown): { setting: LanguageSetting; problem: string | null; problemMsg?: Msg } {
  if (value === undefined) return { setting: 'system', problem: null };
  if (typeof value === 'string' && (LANGUAGE_SETTINGS as readonly string[]).includes(value)) return { setting: value as LanguageSetting, problem: null };
  // The value as written (JSON) and the settings' names stay as they are in every language: they are what the file holds.
  const problemMsg = msg('engineErrors.config.languageNotSetting', { file, value: String(JSON.stringify(value)), settings: LANGUAGE_SETTINGS.join(', ') });
  return { setting: 'system', problem: english(problemMsg), problemMsg };
}

/**
 * The language everywhere (panel, CLI, gateways): PARAGENTS_LANG when it names a catalog language, then the
 * configured one unless it is `system`, then the system's language (which the caller knows how to read).
 */
export function effectiveLang(override: string | null | undefined, setting: LanguageSetting, system: () => Lang): Lang {
  const explicit = langFromTag(override);
  if (explicit) return explicit;
  return setting === 'system' ? system() : setting;
}

/** The CLI's and the gateways' language: PARAGENTS_LANG, then config.json's `language`, then LC_ALL / LC_MESSAGES / LANG. */
export function resolveLang(env: Readonly<Record<string, string | undefined>>, configured: LanguageSetting): Lang {
  return effectiveLang(env.PARAGENTS_LANG, configured, () => langFromEnv(env));
}

/** The page address with `?lang=` set: how the desktop app and the browser host tell the panel the system's language. */
export function withLangParam(url: string, lang: Lang): string {
  const u = new URL(url);
  u.searchParams.set('lang', lang);
  return u.href;
}
