// How a sentence carried as data is painted: nested sentences in the same language, plural forms chosen by the
// language's rules, numbers formatted, a missing key or value visible rather than blank, and english() as the
// English rendering every key gets, for every key of the catalog.
import { describe, expect, it } from 'vitest';
import { english, msg, render, type Msg, type MsgValue } from '../../shared/i18n/message';
import { CATALOGS, interpolate } from '../../shared/i18n/translate';
import type { Catalog } from '../../shared/i18n/catalog-types';
import type { MessageKey } from '../../shared/i18n/keys';
import { LANGS } from '../../shared/i18n/lang';

function flatten(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('nested sentences', () => {
  // The refusal of a destructive git command: a sentence holding a sentence holding a list.
  const list = msg('reasons.listOf', { first: 'S:aaaaaa', rest: 'S:bbbbbb' });
  const detail = msg('reasons.conflictDiscard', { command: '`git checkout .`', sessions: list, paths: 'a.txt' });
  const refusal = msg('reasons.discardRefused', { detail });

  it('render every level in English', () => {
    expect(english(refusal)).toBe(
      '`git checkout .` would discard uncommitted changes by S:aaaaaa, S:bbbbbb in a.txt, so it was not run. Leave those changes alone (use a command that does not touch them) or ask the user to commit them first.',
    );
  });

  it('render every level in Chinese, none left in English', () => {
    expect(render('zh-CN', refusal)).toBe(
      '`git checkout .` 会丢弃S:aaaaaa、S:bbbbbb 在 a.txt 中未提交的改动，因此没有运行。请不要动这些改动（换一个不会触及它们的命令），或请用户先提交它们。',
    );
  });

  it('an inner sentence keeps its own count: the outer one does not choose its plural form', () => {
    const inner = msg('changes.comments', { count: 1 });
    const outer = msg('reasons.critical', { what: '`rm -rf ~`', why: inner });
    expect(english(outer)).toBe('`rm -rf ~` is a critical command: 1 comment');
    expect(english(msg('reasons.critical', { what: 'x', why: msg('changes.comments', { count: 2 }) }))).toBe('x is a critical command: 2 comments');
    expect(render('zh-CN', outer)).toBe('`rm -rf ~` 是高危命令：1 条评论');
  });

  it('a value that is text is kept as written, even when it reads like a catalog key or a placeholder', () => {
    const m = msg('reasons.protectedFile', { name: 'reasons.commandEmpty {{name}}' });
    expect(english(m)).toBe('reasons.commandEmpty {{name}} is a protected file');
    expect(render('zh-CN', m)).toBe('reasons.commandEmpty {{name}} 是受保护的文件');
  });
});

describe('plural forms', () => {
  const leased = (count: number): Msg => msg('reasons.conflictLeased', { paths: 'a.txt', count, owners: 'S:aaaaaa' });

  it('English: one for 1, other for 0, 2, 21 and 1.5', () => {
    expect(english(leased(1))).toBe('a.txt is being written by S:aaaaaa (leased until its turn ends)');
    for (const n of [0, 2, 21, 1.5]) expect(english(leased(n)), String(n)).toBe('a.txt are being written by S:aaaaaa (leased until its turn ends)');
  });

  it('Chinese: one form for every count', () => {
    for (const n of [0, 1, 2, 21]) expect(render('zh-CN', leased(n)), String(n)).toBe('a.txt 正在被S:aaaaaa 写入（租约持续到它这一轮结束）');
  });

  it('the count is shown in both languages', () => {
    expect(english(msg('changes.comments', { count: 1 }))).toBe('1 comment');
    expect(english(msg('changes.comments', { count: 0 }))).toBe('0 comments');
    expect(render('zh-CN', msg('changes.comments', { count: 1 }))).toBe('1 条评论');
    expect(render('zh-CN', msg('changes.comments', { count: 7 }))).toBe('7 条评论');
  });

  it('the English forms added for one: one tool, one more line', () => {
    expect(english(msg('cliTools.mcp.tools', { count: 1 }))).toBe(', 1 tool');
    expect(english(msg('cliTools.mcp.tools', { count: 4 }))).toBe(', 4 tools');
    expect(english(msg('cliSessions.show.moreLines', { count: 1 }))).toBe('… (1 more line)');
    expect(english(msg('cliSessions.context.tools', { count: 1 }))).toBe(' (1 tool)');
  });
});

describe('numbers', () => {
  it('{{name, number}} is formatted for the language; a plain {{name}} is printed as the number is', () => {
    expect(interpolate('en', '{{n, number}} tokens', { n: 1234567.5 })).toBe('1,234,567.5 tokens');
    expect(interpolate('zh-CN', '{{n, number}} token', { n: 1234567.5 })).toBe('1,234,567.5 token');
    expect(interpolate('en', '{{ n , number }}', { n: 1000 })).toBe('1,000');
    // Counts in the catalogs are plain placeholders, so the English stays what it always was.
    expect(english(msg('changes.comments', { count: 1234 }))).toBe('1234 comments');
  });
});

describe('missing pieces stay visible', () => {
  it('a key no catalog has renders as the key, in every language', () => {
    const unknown = { key: 'reasons.noSuchSentence' as MessageKey };
    for (const lang of LANGS) expect(render(lang, unknown)).toBe('reasons.noSuchSentence');
    expect(english({ key: 'nothing' as MessageKey, vars: { a: 'b' } })).toBe('nothing');
  });

  it('a value not given leaves its placeholder in the text, not a blank', () => {
    const half = { key: 'reasons.deniedBy', vars: { what: '`rm x`' } } as Msg;
    expect(english(half)).toBe('`rm x` is denied by {{rule}}');
  });
});

describe('every key of the catalog', () => {
  /** The texts of each base key (a plural key's forms together). */
  const textsOf = (lang: 'en' | 'zh-CN'): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    for (const [k, text] of flatten(CATALOGS[lang])) {
      const base = k.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), text]);
    }
    return out;
  };
  const en = textsOf('en');
  const zh = textsOf('zh-CN');
  const plural = new Set(flatten(CATALOGS.en).filter(([k]) => PLURAL.test(k)).map(([k]) => k.replace(PLURAL, '')));
  /** A Msg for a key with each placeholder filled by its own name, and a count for a plural key. */
  const sample = (key: string, count: number): Msg => {
    const vars: Record<string, MsgValue> = {};
    for (const text of en.get(key) ?? []) for (const m of text.matchAll(/\{\{\s*([\w.]+)/g)) vars[m[1] as string] = `<${m[1] as string}>`;
    if (plural.has(key)) vars.count = count;
    return { key: key as MessageKey, vars };
  };

  it('english() is render("en") and fills every placeholder, for one and for many', () => {
    const wrong: string[] = [];
    for (const key of en.keys()) {
      for (const count of [1, 3]) {
        const m = sample(key, count);
        const text = english(m);
        if (text !== render('en', m)) wrong.push(`${key}: english ≠ render('en')`);
        if (text.includes('{{') || text === key) wrong.push(`${key}: ${text}`);
      }
    }
    expect(en.size).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  it('zh-CN renders its own text for every key (not the English), every placeholder filled', () => {
    const wrong: string[] = [];
    for (const key of en.keys()) {
      const m = sample(key, 3);
      const shown = render('zh-CN', m);
      if (shown.includes('{{') || shown === key) wrong.push(`${key}: ${shown}`);
      const same = (zh.get(key) ?? []).some((t) => (en.get(key) ?? []).includes(t));
      if (!same && shown === english(m)) wrong.push(`${key}: shown in English`);
    }
    expect(wrong).toEqual([]);
  });
});
