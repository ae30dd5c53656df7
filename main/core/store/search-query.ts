import { foldedWords } from './search-text';

/** A word to find: exactly, or (the last word typed) as the start of a longer one. */
export interface QueryTerm {
  word: string;
  prefix: boolean;
}

export interface ParsedQuery {
  /** The FTS5 MATCH expression over the `body` column. */
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
 * What a person typed, as an FTS5 expression that cannot be a syntax error: every part is a quoted phrase made of
 * the words the index would see, joined by AND. A "quoted" stretch stays one phrase; any other stretch between
 * spaces is one too (`foo-bar` is the words foo and bar next to each other, as it is indexed); stray quotes and
 * punctuation are dropped; the last word, when the text does not end with a space or a quote, also matches longer
 * words. Null when nothing searchable is left.
 */
export function parseSearchQuery(input: string): ParsedQuery | null {
  const parts: { words: string[]; quoted: boolean }[] = [];
  const quoted = /"([^"]*)"/g;
  let cursor = 0;
  const addLoose = (text: string) => {
    for (const chunk of text.replace(/"/g, ' ').split(/\s+/)) {
      const words = foldedWords(chunk);
      if (words.length > 0) parts.push({ words, quoted: false });
    }
  };
  for (let m = quoted.exec(input); m !== null; m = quoted.exec(input)) {
    addLoose(input.slice(cursor, m.index));
    const words = foldedWords(m[1] ?? '');
    if (words.length > 0) parts.push({ words, quoted: true });
    cursor = m.index + m[0].length;
  }
  addLoose(input.slice(cursor));
  if (parts.length === 0) return null;
  const kept = parts.slice(0, MAX_PARTS);
  const last = kept.at(-1) as { words: string[]; quoted: boolean };
  const lastWord = last.words.at(-1) as string;
  const typingOn = kept.length === parts.length && !last.quoted && !/[\s"]$/.test(input) && [...lastWord].length >= MIN_PREFIX;

  const phrases = kept.map((p, i) => `"${p.words.join(' ')}"${typingOn && i === kept.length - 1 ? '*' : ''}`);
  const terms: QueryTerm[] = [];
  kept.forEach((p, i) =>
    p.words.forEach((word, j) => terms.push({ word, prefix: typingOn && i === kept.length - 1 && j === p.words.length - 1 })),
  );
  return { match: `body : (${phrases.join(' ')})`, terms };
}

/** The FTS5 expression that keeps a query to one session (the `session` column holds sessionToken of its id). */
export function sessionFilter(match: string, sessionId: string): string {
  return `session : "${sessionToken(sessionId)}" AND ${match}`;
}

/** A session id as one word of the index (ids are UUIDs: their dashes would split them into five). */
export function sessionToken(sessionId: string): string {
  return foldedWords(sessionId).join('');
}
