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

/** The page address with `?lang=` set: how the desktop app and the browser host tell the panel the system's language. */
export function withLangParam(url: string, lang: Lang): string {
  const u = new URL(url);
  u.searchParams.set('lang', lang);
  return u.href;
}
