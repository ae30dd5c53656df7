import type { SearchSnippet } from '../../../shared/search';
import type { QueryTerm } from './search-query';
import { wordsOf } from './search-text';

/** Characters of context a snippet shows: a line of the palette. */
export const SNIPPET_CHARS = 160;
/** How much of the snippet comes before the first match. */
const LEAD = 50;

const matches = (word: string, terms: readonly QueryTerm[]): boolean =>
  terms.some((t) => (t.prefix ? word.startsWith(t.word) : word === t.word));

/**
 * The part of `text` around its first matched word, on one line (runs of white space shown as one space), with the
 * matched words' places. The words are found as the index finds them (search-text.ts); a text the index matched
 * in a way this cannot see (a phrase split differently) shows its beginning.
 */
export function snippetOf(text: string, terms: readonly QueryTerm[], size = SNIPPET_CHARS): SearchSnippet {
  let first = -1;
  for (const w of wordsOf(text)) {
    if (matches(w.folded, terms)) {
      first = w.start;
      break;
    }
  }
  let start = first <= LEAD ? 0 : first - LEAD;
  // Start at a word's beginning: back to the white space before the cut, when there is one close by.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    start = space >= 0 && start - space < 20 ? space + 1 : start;
  }
  // Some room past the end: collapsing white space makes the piece shorter.
  const raw = text.slice(start, start + size * 2);
  let piece = raw.replace(/\s+/g, ' ');
  if (start === 0) piece = piece.trimStart();
  const cut = piece.length > size;
  piece = piece.slice(0, size);
  const before = start > 0 ? '…' : '';
  const after = cut || start + raw.length < text.length ? '…' : '';
  const shown = `${before}${piece}${after}`;

  const highlights: [number, number][] = [];
  for (const w of wordsOf(shown)) if (matches(w.folded, terms)) highlights.push([w.start, w.end]);
  // A word cut by the end of the piece is not a match shown whole: dropped rather than half-highlighted.
  const whole = highlights.filter(([, end]) => !(after && end === shown.length - after.length && cut));
  return { text: shown, highlights: whole };
}
