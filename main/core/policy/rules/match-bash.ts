import type { ShellWord } from '../shell/types';
import type { BashToken } from './types';

/**
 * Matches a command's words against a rule's tokens: a lone `*` stands for any number of whole words, a
 * literal must equal the word, a glob token matches inside one word (`ls*` also takes the rest of the line).
 * Words only known at run time match nothing but a wildcard.
 */
export function matchBashTokens(tokens: BashToken[], argv: ShellWord[]): boolean {
  const memo = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = i * 10_000 + j;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    let result: boolean;
    if (i === tokens.length) result = j === argv.length;
    else {
      const t = tokens[i] as BashToken;
      if (t.kind === 'star') {
        result = false;
        for (let k = j; k <= argv.length && !result; k++) result = go(i + 1, k);
      } else if (j >= argv.length) {
        result = false;
      } else {
        const v = (argv[j] as ShellWord).value;
        if (v === null) result = false;
        else if (t.kind === 'literal') result = v === t.text && go(i + 1, j + 1);
        else result = t.re.test(v) && (t.tail ? true : go(i + 1, j + 1));
      }
    }
    memo.set(key, result);
    return result;
  };
  return go(0, 0);
}

export function hasWildcard(tokens: BashToken[]): boolean {
  return tokens.some((t) => t.kind !== 'literal');
}
