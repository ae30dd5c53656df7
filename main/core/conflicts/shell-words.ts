/**
 * A small, tolerant shell tokenizer: enough to find redirect targets and the arguments of a few known writers.
 * It never throws; an unbalanced quote runs to the end of the text. The policy engine does the full bash parse.
 */

export type ShellToken =
  | {
      kind: 'word';
      value: string;
      /** Bash would expand it ($var, $(…), `…`, globs, ~), so `value` is not the real file name. */
      dynamic: boolean;
    }
  | { kind: 'op'; value: string };

const SEPARATORS = ['&&', '||', ';;', ';', '|&', '|', '&', '\n'];
const REDIRECTS = ['&>>', '&>', '>>', '>|', '>&', '<<<', '<<', '<&', '<>', '>', '<'];

export interface TokenizeOptions {
  /** `#` at a word start begins a comment (true for commands, false for prose). */
  comments?: boolean;
}

export function tokenizeShell(text: string, opts: TokenizeOptions = {}): ShellToken[] {
  const tokens: ShellToken[] = [];
  let i = 0;
  let word = '';
  let inWord = false;
  let dynamic = false;
  const flush = (): void => {
    if (inWord) tokens.push({ kind: 'word', value: word, dynamic });
    word = '';
    inWord = false;
    dynamic = false;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\r') {
      flush();
      i++;
      continue;
    }
    if (c === '#' && !inWord && opts.comments) {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && i + 1 < text.length) {
      if (text[i + 1] !== '\n') {
        word += text[i + 1];
        inWord = true;
      }
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end === -1 ? text.length : end;
      word += text.slice(i + 1, stop);
      inWord = true;
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      i++;
      inWord = true;
      while (i < text.length && text[i] !== '"') {
        const d = text[i] as string;
        if (d === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1] as string)) {
          word += text[i + 1];
          i += 2;
          continue;
        }
        if (d === '$' || d === '`') dynamic = true;
        word += d;
        i++;
      }
      i++;
      continue;
    }
    // A redirect may carry an fd number glued in front of it: 2> 2>> 1>&2.
    const fdRedirect = /^\d+(?=[<>])/.exec(text.slice(i, i + 4));
    if (!inWord && fdRedirect) {
      const op = REDIRECTS.find((r) => text.startsWith(r, i + fdRedirect[0].length));
      if (op) {
        tokens.push({ kind: 'op', value: op });
        i += fdRedirect[0].length + op.length;
        continue;
      }
    }
    const op = SEPARATORS.find((s) => text.startsWith(s, i)) ?? REDIRECTS.find((r) => text.startsWith(r, i));
    if (op) {
      flush();
      tokens.push({ kind: 'op', value: op });
      i += op.length;
      continue;
    }
    if (c === '(' || c === ')') {
      flush();
      tokens.push({ kind: 'op', value: c });
      i++;
      continue;
    }
    if (c === '$' || c === '`' || c === '*' || c === '?' || c === '[' || (c === '~' && !inWord)) dynamic = true;
    word += c;
    inWord = true;
    i++;
  }
  flush();
  return tokens;
}
