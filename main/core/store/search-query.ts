import { foldedWords } from './search-text';

/** A word to find: exactly, or (the last word typed) as the start of a longer one. */
export interface QueryTerm {
  word: string;
  prefix: boolean;
}

/** Words that must be found next to each other in this order; the last one as a prefix when `prefix`. */
export interface QueryPart {
  words: string[];
  prefix: boolean;
}

export interface ParsedQuery {
  parts: QueryPart[];
  /** The FTS5 MATCH expression over the `body` column, prefixes left to FTS5 (see bodyMatch). */
  match: string;
  /** The words to highlight in snippets. */
  terms: QueryTerm[];
}

/** A query of more parts than this keeps its first ones: nobody types more, and each part costs a doclist merge. */
const MAX_PARTS = 16;
/**
 * The last word is matched as a prefix only from this many characters on: a one-letter prefix stands for a large
 * part of the vocabulary, which FTS5 would merge into one doclist on every keystroke.
 */
const MIN_PREFIX = 2;

/**
 * What a person typed, as parts that cannot be an FTS5 syntax error: every part is a quoted phrase made of the
 * words the index would see, all of them required. A "quoted" stretch stays one phrase; any other stretch between
 * spaces is one too (`foo-bar` is the words foo and bar next to each other, as it is indexed); stray quotes and
 * punctuation are dropped; the last word, when the text does not end with a space or a quote, also matches longer
 * words. Null when nothing searchable is left.
 */
export function parseSearchQuery(input: string): ParsedQuery | null {
  const found: { words: string[]; quoted: boolean }[] = [];
  const quoted = /"([^"]*)"/g;
  let cursor = 0;
  const addLoose = (text: string) => {
    for (const chunk of text.replace(/"/g, ' ').split(/\s+/)) {
      const words = foldedWords(chunk);
      if (words.length > 0) found.push({ words, quoted: false });
    }
  };
  for (let m = quoted.exec(input); m !== null; m = quoted.exec(input)) {
    addLoose(input.slice(cursor, m.index));
    const words = foldedWords(m[1] ?? '');
    if (words.length > 0) found.push({ words, quoted: true });
    cursor = m.index + m[0].length;
  }
  addLoose(input.slice(cursor));
  if (found.length === 0) return null;
  const kept = found.slice(0, MAX_PARTS);
  const last = kept.at(-1) as { words: string[]; quoted: boolean };
  const lastWord = last.words.at(-1) as string;
  const typingOn = kept.length === found.length && !last.quoted && !/[\s"]$/.test(input) && [...lastWord].length >= MIN_PREFIX;

  const parts = kept.map((p, i) => ({ words: p.words, prefix: typingOn && i === kept.length - 1 }));
  const terms = parts.flatMap((p) => p.words.map((word, j) => ({ word, prefix: p.prefix && j === p.words.length - 1 })));
  return { parts, terms, match: bodyMatch(parts) };
}

const phrase = (words: readonly string[]): string => `"${words.join(' ').replace(/"/g, '""')}"`;

/**
 * The MATCH expression of the parts over the `body` column. The prefix part matches, for its last word, either
 * FTS5's prefix (`lastWords` absent) or exactly the words given (the index's words that start with it), which
 * FTS5 reads lazily instead of merging every such word's doclist before the first match.
 */
export function bodyMatch(parts: readonly QueryPart[], lastWords?: readonly string[]): string {
  const phrases = parts.map((p) => {
    if (!p.prefix) return phrase(p.words);
    if (!lastWords) return `${phrase(p.words)}*`;
    const head = p.words.slice(0, -1);
    const options = lastWords.length > 0 ? lastWords : p.words.slice(-1);
    return options.length === 1 ? phrase([...head, options[0] as string]) : `(${options.map((w) => phrase([...head, w])).join(' OR ')})`;
  });
  return `body : (${phrases.join(' AND ')})`;
}

/** The FTS5 expression that keeps a query to one session (the `session` column holds sessionToken of its id). */
export function sessionFilter(match: string, sessionId: string): string {
  return `session : "${sessionToken(sessionId)}" AND ${match}`;
}

/** A session id as one word of the index (ids are UUIDs: their dashes would split them into five). */
export function sessionToken(sessionId: string): string {
  return foldedWords(sessionId).join('');
}
