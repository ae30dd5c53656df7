// What a person types is never FTS5 syntax: every word is quoted, punctuation dropped, the last word typed also
// matches longer words. Odd input finds what it can and never fails.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Store } from '../../main/core/store/store';
import { openTestStore } from '../helpers/prompt-moves';
import { bodyMatch, parseSearchQuery } from '../../main/core/store/search-query';
import { snippetOf } from '../../main/core/store/search-snippet';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { writer } from './helpers';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.open) s.close();
  cleanupTempDirs();
});

function storeWith(texts: string[]): { store: Store; seqOf: Map<string, number> } {
  const store = openTestStore(join(tempDir(), 'paragents.db')).store;
  stores.push(store);
  const w = writer(store);
  const s = w.session('/w');
  const seqOf = new Map(texts.map((content) => [content, w.bus.emit({ type: 'assistant_message', sessionId: s, promptId: null, content, toolCalls: [] }).seq] as const));
  return { store, seqOf };
}

const found = (store: Store, text: string): string[] =>
  store.search.search({ text }).map((h) => h.snippet.text).sort();

describe('parseSearchQuery', () => {
  it('quotes every word, keeps a typed phrase, and makes the last word a prefix while it is being typed', () => {
    expect(parseSearchQuery('parser fails')).toEqual({
      parts: [{ words: ['parser'], prefix: false }, { words: ['fails'], prefix: true }],
      terms: [{ word: 'parser', prefix: false }, { word: 'fails', prefix: true }],
      match: 'body : ("parser" AND "fails"*)',
    });
    expect(parseSearchQuery('parser fails ')?.match).toBe('body : ("parser" AND "fails")');
    expect(parseSearchQuery('"the parser" x')?.match).toBe('body : ("the parser" AND "x")');
    expect(parseSearchQuery('fix "the parser"')?.match).toBe('body : ("fix" AND "the parser")');
    expect(parseSearchQuery('foo-bar "x')?.match).toBe('body : ("foo bar" AND "x")');
    expect(parseSearchQuery('Café NEAR OR')?.match).toBe('body : ("cafe" AND "near" AND "or"*)');
    expect(parseSearchQuery('修复登录')?.match).toBe('body : ("修 复 登 录")');
  });

  it("matches the last word against the index's words that start with it, when they are given", () => {
    const parts = parseSearchQuery('store sess')?.parts ?? [];
    expect(bodyMatch(parts, ['session', 'sessions'])).toBe('body : ("store" AND ("session" OR "sessions"))');
    expect(bodyMatch(parts, ['session'])).toBe('body : ("store" AND "session")');
    // No word starts with it: only the word itself could match.
    expect(bodyMatch(parts, [])).toBe('body : ("store" AND "sess")');
    expect(bodyMatch(parseSearchQuery('the wom')?.parts ?? [], ['wombat'])).toBe('body : ("the" AND "wombat")');
    expect(bodyMatch(parseSearchQuery('"the wom"')?.parts ?? [], ['wombat'])).toBe('body : ("the wom")');
    expect(bodyMatch(parseSearchQuery('foo-wom')?.parts ?? [], ['wombat', 'women'])).toBe('body : (("foo wombat" OR "foo women"))');
  });

  it('has nothing to search in punctuation, quotes or white space alone', () => {
    for (const text of ['', '   ', '"', '""', '" "', '*', '-', '(', ')', ':', '^', '{}', "'", '\\', '…', '🙂']) {
      expect(parseSearchQuery(text)).toBeNull();
    }
  });
});

describe('queries against the index', () => {
  it('never fails on odd input, and finds what its words say', () => {
    const { store } = storeWith(['the foo-bar flag is set', 'foo and then bar', 'col:value pairs', 'AND OR NOT NEAR are words too']);
    const odd = ['foo-bar "x', 'foo-bar', '"foo', 'foo"', 'a"b"c', 'NEAR(foo bar)', 'body: foo', '{body} : foo', 'foo AND', 'OR', 'NOT foo', '^foo', 'foo*', '*foo', "it's", '\\"', '(((', 'x'.repeat(500), '🙂 foo'];
    for (const text of odd) expect(() => store.search.search({ text }), text).not.toThrow();
    expect(found(store, 'foo-bar')).toEqual(['the foo-bar flag is set']);
    expect(found(store, 'foo bar')).toEqual(['foo and then bar', 'the foo-bar flag is set']);
    expect(found(store, '"bar foo"')).toEqual([]);
    expect(found(store, 'col:value')).toEqual(['col:value pairs']);
    expect(found(store, 'AND OR NOT NEAR')).toEqual(['AND OR NOT NEAR are words too']);
    expect(found(store, 'NOT foo')).toEqual([]);
    expect(found(store, 'foo"')).toEqual(['foo and then bar', 'the foo-bar flag is set']);
  });

  it('matches the start of the last word typed, from two characters on, and whole words otherwise', () => {
    const { store } = storeWith(['the wombat parser', 'a womble', 'w is a letter']);
    expect(found(store, 'wom')).toEqual(['a womble', 'the wombat parser']);
    expect(found(store, 'wombat pars')).toEqual(['the wombat parser']);
    expect(found(store, 'wom ')).toEqual([]);
    expect(found(store, 'pars wombat')).toEqual([]);
    expect(found(store, 'w')).toEqual(['w is a letter']);
    // Longer than the prefix indexes reach: matched against the index's words that start with it.
    expect(found(store, 'womb')).toEqual(['a womble', 'the wombat parser']);
    expect(found(store, 'womba')).toEqual(['the wombat parser']);
    expect(found(store, 'wombl')).toEqual(['a womble']);
    expect(found(store, 'the wombat')).toEqual(['the wombat parser']);
    expect(found(store, 'wombats')).toEqual([]);
  });

  it('matches a last word that starts very many words through FTS5 itself', () => {
    const { store } = storeWith(Array.from({ length: 70 }, (_, i) => `zeta${i} sits here`));
    expect(store.search.search({ text: 'zeta', limit: 100 })).toHaveLength(70);
    expect(store.search.search({ text: 'zeta1', limit: 100 })).toHaveLength(11);
  });

  it('folds case and accents, and finds Chinese words inside a sentence', () => {
    const { store } = storeWith(['Le CAFÉ est fermé', '修复登录页面的错误', '登出']);
    expect(found(store, 'cafe ferme')).toEqual(['Le CAFÉ est fermé']);
    expect(found(store, 'Café')).toEqual(['Le CAFÉ est fermé']);
    expect(found(store, '登录')).toEqual(['修复登录页面的错误']);
    expect(found(store, '登')).toEqual(['修复登录页面的错误', '登出'].sort());
    const hit = store.search.search({ text: '登录' })[0]!;
    expect(hit.snippet.highlights.map(([a, b]) => hit.snippet.text.slice(a, b))).toEqual(['登', '录']);
  });
});

describe('snippetOf', () => {
  it('shows the text around the first match on one line, with the matched words marked', () => {
    const text = `${'intro words '.repeat(30)}\n\nthe   Wombat\tparser fails here\n${'tail words '.repeat(40)}`;
    const s = snippetOf(text, [{ word: 'wombat', prefix: false }, { word: 'pars', prefix: true }]);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text).toContain('the Wombat parser fails here');
    expect(s.text).not.toMatch(/\s{2}|\n|\t/);
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(['Wombat', 'parser']);
  });

  it('shows the beginning of a short text whole, and of a text whose match it cannot place', () => {
    expect(snippetOf('just a wombat', [{ word: 'wombat', prefix: false }])).toEqual({ text: 'just a wombat', highlights: [[7, 13]] });
    expect(snippetOf('nothing here', [{ word: 'wombat', prefix: false }])).toEqual({ text: 'nothing here', highlights: [] });
  });
});
