/**
 * Words as the search index sees them. The index's tokenizer (FTS5 unicode61, diacritics removed) splits text on
 * everything but letters, digits and marks, and folds case and accents; the code here does the same so that the
 * query's words and the snippet's highlights agree with it. Chinese and Japanese are written without spaces, so
 * each of their characters is made a word of its own before indexing: "登录" is then found as the phrase 登 录
 * inside a longer sentence.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}';
const CJK_CHAR = new RegExp(`[${CJK}]`, 'gu');
/** One CJK character, or a run of other letters, digits and marks. */
const WORD = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{Co}\\p{M}])+`, 'gu');
const MARKS = /\p{M}/gu;

/** The text given to the index: CJK characters spaced apart, the rest as it is. */
export function indexableText(text: string): string {
  return text.replace(CJK_CHAR, ' $& ');
}

const ASCII = /^[ -~]*$/;

/** A word folded as the index folds it: lower case, accents removed. */
export function foldWord(word: string): string {
  return ASCII.test(word) ? word.toLowerCase() : word.normalize('NFD').replace(MARKS, '').toLowerCase();
}

export interface Word {
  /** The word as the index keeps it. */
  folded: string;
  start: number;
  end: number;
}

/** The words of `text` with their places in it (offsets into `text` itself, not into the folded form). */
export function* wordsOf(text: string, from = 0): Generator<Word> {
  const re = new RegExp(WORD.source, 'gu');
  re.lastIndex = from;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const folded = foldWord(m[0]);
    if (folded) yield { folded, start: m.index, end: m.index + m[0].length };
  }
}

/** Just the folded words. */
export function foldedWords(text: string): string[] {
  return Array.from(wordsOf(text), (w) => w.folded);
}

/** Runs of letters, digits and marks (CJK characters included; wordList splits those). */
const RUN = /[\p{L}\p{N}\p{Co}\p{M}]+/gu;
const NOT_ASCII = /[^ -~]/;
const HAS_CJK = new RegExp(`[${CJK}]`, 'u');

/**
 * The folded words of `text` in order, as wordsOf finds them but without their places: the fast path for long
 * texts (lower-cased whole, then only runs with other than ASCII letters and digits are looked at again).
 */
export function wordList(text: string): string[] {
  const runs = text.toLowerCase().match(RUN) ?? [];
  if (!NOT_ASCII.test(text)) return runs;
  const out: string[] = [];
  for (const run of runs) {
    if (!NOT_ASCII.test(run)) out.push(run);
    else if (HAS_CJK.test(run)) for (const w of wordsOf(run)) out.push(w.folded);
    else {
      const folded = foldWord(run);
      if (folded) out.push(folded);
    }
  }
  return out;
}

/** Each word of `text` once, folded. */
export function distinctWords(text: string): Set<string> {
  return new Set(wordList(text));
}
