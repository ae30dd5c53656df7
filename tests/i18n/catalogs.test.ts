import { describe, expect, it } from 'vitest';
import { CATALOGS, LANGS, langFromEnv, pickLang, translate, type Catalog } from '../../shared/i18n';

/** Every message of a catalog as [dotted key, text]. */
function flatten(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string): string => key.replace(PLURAL, '');
const varsOf = (text: string): string[] => [...new Set([...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]!))].sort();

describe('catalogs', () => {
  const en = new Map(flatten(CATALOGS.en));

  for (const lang of LANGS) {
    const messages = flatten(CATALOGS[lang]);
    const keys = new Map(messages);

    it(`${lang}: every English message has a ${lang} message, and ${lang} has no key English lacks`, () => {
      const enBases = new Set([...en.keys()].map(base));
      const langBases = new Set([...keys.keys()].map(base));
      expect([...enBases].filter((k) => !langBases.has(k))).toEqual([]);
      expect([...langBases].filter((k) => !enBases.has(k))).toEqual([]);
      // A plural message has its `_other` form in every language (the form every count falls back to).
      for (const k of keys.keys()) if (PLURAL.test(k)) expect(keys.has(`${base(k)}_other`), `${k} without _other`).toBe(true);
    });

    it(`${lang}: no message is empty`, () => {
      expect(messages.filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    });

    it(`${lang}: every message uses the same variables as its English twin`, () => {
      const mismatched: string[] = [];
      for (const [k, v] of messages) {
        const twin = en.get(k) ?? en.get(`${base(k)}_other`);
        if (twin === undefined) continue;
        const want = varsOf(twin).filter((n) => n !== 'count');
        const got = varsOf(v).filter((n) => n !== 'count');
        if (want.join() !== got.join()) mismatched.push(`${k}: ${got.join()} ≠ ${want.join()}`);
      }
      expect(mismatched).toEqual([]);
    });
  }
});

describe('translate', () => {
  it('fills variables, formats numbers with Intl and picks plural forms per language', () => {
    expect(translate('en', 'settings.languageSystem', { lang: 'English' })).toBe('System (English)');
    expect(translate('zh-CN', 'settings.languageSystem', { lang: '简体中文' })).toBe('跟随系统（简体中文）');
    expect(translate('zh-CN', 'status.running')).toBe('运行中');
  });

  it('follows PARAGENTS_LANG, then the locale variables; zh* is 简体中文, anything else English', () => {
    expect(langFromEnv({ PARAGENTS_LANG: 'zh-CN', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(langFromEnv({ PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(langFromEnv({ LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(langFromEnv({ LC_ALL: 'C', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(langFromEnv({ LC_ALL: 'zh_TW.UTF-8' })).toBe('zh-CN');
    expect(langFromEnv({})).toBe('en');
    expect(pickLang('fr-FR', 'zh-Hans-CN')).toBe('zh-CN');
    expect(pickLang('fr-FR')).toBe('en');
  });
});
