// The shape of the catalogs, now that the engine sends sentences as catalog keys and values and every client
// renders them: plural families complete for each language's plural rules, the same placeholders (with the same
// format) in both languages, well-formed placeholders, and Chinese texts that really are Chinese.
// catalogs.test.ts already checks that both languages have the same keys, no empty text and the same variable
// names; this file adds what those checks let through.
import { describe, expect, it } from 'vitest';
import { CATALOGS, LANGS, type Catalog, type Lang } from '../../shared/i18n';

/** Every message of a catalog as [dotted key, text]. */
function flatten(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** What translate() reads as a placeholder: `{{name}}` or `{{name, format}}`. */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g;
/** The only format interpolate() knows; any other would be printed unformatted. */
const FORMATS = new Set(['number']);

interface Family {
  /** Plural forms present (`one`, `other`…), empty for a plain message. */
  forms: string[];
  /** Whether the base key also has a plain message of its own. */
  plain: boolean;
  texts: string[];
}

/** The messages of a language grouped by base key: a plain message, or a plural family of forms. */
function families(lang: Lang): Map<string, Family> {
  const out = new Map<string, Family>();
  for (const [key, text] of flatten(CATALOGS[lang])) {
    const form = PLURAL.exec(key)?.[1];
    const base = form ? key.slice(0, -form.length - 1) : key;
    const f = out.get(base) ?? { forms: [], plain: false, texts: [] };
    if (form) f.forms.push(form);
    else f.plain = true;
    f.texts.push(text);
    out.set(base, f);
  }
  return out;
}

/** The placeholders of a family's texts, each with its format: `count,number`, `path`. */
function placeholders(f: Family): string {
  const names = new Set<string>();
  for (const text of f.texts) for (const m of text.matchAll(PLACEHOLDER)) names.add(m[2] ? `${m[1]},${m[2]}` : (m[1] as string));
  return [...names].sort().join(' ');
}

const byLang = new Map(LANGS.map((lang) => [lang, families(lang)]));
const en = byLang.get('en') as Map<string, Family>;

describe('plural families', () => {
  for (const lang of LANGS) {
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

    it(`${lang}: each plural family has every form ${lang}'s plural rules pick (${needed.join(', ')}), and no other`, () => {
      const wrong: string[] = [];
      for (const [base, f] of byLang.get(lang) ?? []) {
        if (f.forms.length === 0) continue;
        const missing = needed.filter((c) => !f.forms.includes(c));
        // translate() picks the form Intl.PluralRules names, so any other form is never shown.
        const unreachable = f.forms.filter((c) => !needed.includes(c));
        if (missing.length > 0) wrong.push(`${base}: no _${missing.join(', _')}`);
        if (unreachable.length > 0) wrong.push(`${base}: _${unreachable.join(', _')} is never picked`);
        if (f.plain) wrong.push(`${base}: both a plain message and plural forms`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('a message is plural in every language or in none', () => {
    const differ: string[] = [];
    for (const lang of LANGS) {
      for (const [base, f] of byLang.get(lang) ?? []) {
        const twin = en.get(base);
        if (twin && twin.forms.length > 0 !== f.forms.length > 0) differ.push(`${lang} ${base}`);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe('placeholders', () => {
  for (const lang of LANGS) {
    it(`${lang}: every {{ }} is a placeholder translate() fills, with a known format`, () => {
      const bad: string[] = [];
      for (const [key, text] of flatten(CATALOGS[lang])) {
        const rest = text.replace(PLACEHOLDER, '');
        if (rest.includes('{{') || rest.includes('}}')) bad.push(`${key}: ${text}`);
        for (const m of text.matchAll(PLACEHOLDER)) if (m[2] !== undefined && !FORMATS.has(m[2])) bad.push(`${key}: format ${m[2]}`);
      }
      expect(bad).toEqual([]);
    });
  }

  it('zh-CN uses the same placeholders as English, count and formats included', () => {
    const zh = byLang.get('zh-CN') as Map<string, Family>;
    const differ: string[] = [];
    for (const [base, f] of zh) {
      const twin = en.get(base);
      if (twin && placeholders(twin) !== placeholders(f)) differ.push(`${base}: ${placeholders(f)} ≠ ${placeholders(twin)}`);
    }
    expect(differ).toEqual([]);
  });
});

/**
 * zh-CN texts without a Chinese character on purpose: product and provider names, setting keywords and
 * commands kept as typed, and the loanword "token".
 */
const NOT_CHINESE = new Set([
  'app.mcp',
  'mcp.title',
  'budget.tokens',
  'cliSessions.context.tokens',
  'cliTools.config.contextWindow',
  'cliTools.config.maxOutput',
  'config.baseURL',
  'setup.baseURL',
  'context.meterText',
  'context.compactedTokens',
  'context.view.windowTokens',
  'context.view.tokens',
  'markdown.tokens',
  'sessions.tokens',
  'mcp.state.pid',
  'notices.settings.kind.allow',
  'notices.settings.kind.deny',
  'notices.settings.kind.ask',
  'reasons.criticalMove',
  'reasons.criticalNoPreserveRoot',
  'setup.preset.vllm',
  'setup.preset.openai',
  'setup.preset.openrouter',
  'setup.preset.deepseek',
  'transcript.diff',
  'gateway.onTelegram',
]);

describe('zh-CN texts', () => {
  const zh = flatten(CATALOGS['zh-CN']);
  /** Text with no letters outside its placeholders (a separator, "（{{title}}）") has nothing to translate. */
  const onlyPlaceholders = (text: string): boolean => !/\p{L}/u.test(text.replace(PLACEHOLDER, '').replace(/[\p{Script=Han}]/gu, ''));

  it('contain Chinese characters, apart from texts that are only placeholders and punctuation and the listed keys', () => {
    const english = zh.filter(([key, text]) => !/\p{Script=Han}/u.test(text) && !onlyPlaceholders(text) && !NOT_CHINESE.has(key.replace(PLURAL, '')));
    expect(english.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('the exemption list names only keys that exist and still have no Chinese character', () => {
    const texts = new Map(zh.map(([key, text]) => [key.replace(PLURAL, ''), text]));
    const stale = [...NOT_CHINESE].filter((key) => {
      const text = texts.get(key);
      return text === undefined || /\p{Script=Han}/u.test(text) || onlyPlaceholders(text);
    });
    expect(stale).toEqual([]);
  });
});
