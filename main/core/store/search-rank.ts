import type { QueryPart } from './search-query';

/**
 * bm25, computed here for the candidates of a query rather than by FTS5: FTS5's bm25() counts, at every query, all
 * the rows that hold each word of it, which for a word found all over a long history (a million rows) takes tens of
 * milliseconds. Here the counts come from a capped count (rowFrequency), and each candidate's word counts from its
 * own text. Same constants and formula as FTS5's.
 */
const K1 = 1.2;
const B = 0.75;

/** The whole index: how many entries, and their mean length in words. */
export interface Collection {
  entries: number;
  meanLength: number;
}

/** How many times the part occurs in the words (its words in a row; the last one as a prefix when it is one). */
export function occurrences(words: readonly string[], part: QueryPart): number {
  const n = part.words.length;
  const first = part.words[0] as string;
  let count = 0;
  for (let i = 0; i + n <= words.length; i++) {
    if (n === 1 ? !matches(words[i] as string, first, part.prefix) : words[i] !== first) continue;
    let j = 1;
    while (j < n && matches(words[i + j] as string, part.words[j] as string, part.prefix && j === n - 1)) j++;
    if (j === n) count++;
  }
  return count;
}

const matches = (word: string, wanted: string, prefix: boolean): boolean => (prefix ? word.startsWith(wanted) : word === wanted);

/**
 * The bm25 score of a text (its words) for the parts; `frequencies[i]`: the entries that hold part i. Higher is
 * better (FTS5's bm25() returns the negative).
 */
export function bm25(words: readonly string[], parts: readonly QueryPart[], frequencies: readonly number[], all: Collection): number {
  let score = 0;
  const norm = K1 * (1 - B + (B * words.length) / Math.max(1, all.meanLength));
  parts.forEach((part, i) => {
    const tf = occurrences(words, part);
    if (tf === 0) return;
    const df = frequencies[i] ?? 0;
    // As FTS5: a part in more than half the entries still counts a little.
    const idf = Math.max(1e-6, Math.log((all.entries - df + 0.5) / (df + 0.5)));
    score += (idf * tf * (K1 + 1)) / (tf + norm);
  });
  return score;
}

/**
 * FTS5's averages record (the %_data row with id 1): the number of rows, then the total tokens of each column,
 * as SQLite varints. The `body` column is the first.
 */
export function collectionOf(record: Uint8Array | undefined): Collection {
  if (!record) return { entries: 0, meanLength: 1 };
  let at = 0;
  const next = (): number => {
    let value = 0;
    for (let i = 0; i < 9 && at < record.length; i++) {
      const byte = record[at++] as number;
      if (i === 8) return value * 256 + byte;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    return value;
  };
  const entries = next();
  const bodyWords = next();
  return { entries, meanLength: entries > 0 ? Math.max(1, bodyWords / entries) : 1 };
}
