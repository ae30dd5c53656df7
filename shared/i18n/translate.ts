import type { Catalog, MessageVars } from './catalog-types';
import { en } from './en';
import type { Lang } from './lang';
import type { MessageKey } from './keys';
import { zhCN } from './zh-CN';

/** The catalogs by language: the renderer builds its i18next instance from these, the CLI and gateways read them directly. */
export const CATALOGS: Record<Lang, Catalog> = { en, 'zh-CN': zhCN as Catalog };

function lookup(catalog: Catalog, path: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
const numberFormats = new Map<Lang, Intl.NumberFormat>();
function rulesFor(lang: Lang): Intl.PluralRules {
  let r = pluralRules.get(lang);
  if (!r) pluralRules.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}
function numbersFor(lang: Lang): Intl.NumberFormat {
  let f = numberFormats.get(lang);
  if (!f) numberFormats.set(lang, (f = new Intl.NumberFormat(lang)));
  return f;
}

function find(lang: Lang, key: string, vars: MessageVars | undefined): string | undefined {
  const catalog = CATALOGS[lang];
  const count = vars?.count;
  if (typeof count === 'number') {
    const form = lookup(catalog, `${key}_${rulesFor(lang).select(count)}`) ?? lookup(catalog, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(catalog, key);
}

/**
 * Fills `{{name}}` with vars.name and `{{name, number}}` with it formatted by Intl.NumberFormat for the
 * language — the same syntax i18next reads, so one catalog serves both.
 */
export function interpolate(lang: Lang, text: string, vars: MessageVars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    if (format === 'number' && typeof value === 'number') return numbersFor(lang).format(value);
    return String(value);
  });
}

/**
 * The message for a key in a language, with its variables filled in; the English message when the language
 * has none, and the key itself when neither has it (so a missing message shows, never an empty string).
 */
export function translate(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  const text = find(lang, key, vars) ?? find('en', key, vars);
  return text === undefined ? key : interpolate(lang, text, vars);
}

/** A translate bound to one language: what the CLI and the gateways hold. */
export type Translator = (key: MessageKey, vars?: MessageVars) => string;
export const translator = (lang: Lang): Translator => (key, vars) => translate(lang, key, vars);
