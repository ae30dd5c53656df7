/**
 * Bash evaluates the text of an arithmetic context as an expression, and every name in it stands for a variable
 * whose value is evaluated again, array subscripts included: a value like `a[$(cmd)]` runs `cmd`. Only text made
 * of literal numbers, operators and parameters that are always numbers is free of that.
 */

const OPERATOR_CHARS = new Set([...'+-*/%<>=!~^&|?:,()']);
/** Special parameters bash always gives a number: argument count, last status, shell and last job's process ids. */
const NUMERIC_SPECIALS = new Set(['#', '?', '$', '!']);

/** Length of a literal number at `i` (decimal, octal, `0x` hex, `base#digits`), or 0. */
function numberLength(text: string, i: number): number {
  const m = /^(?:\d+#[0-9A-Za-z@_]+|0[xX][0-9A-Fa-f]+|\d+)/.exec(text.slice(i));
  if (!m) return 0;
  // `12abc` is not a number: the name that follows would be read as part of it.
  const next = text[i + m[0].length];
  return next !== undefined && /[A-Za-z0-9_@#]/.test(next) ? 0 : m[0].length;
}

/** Length of a numeric parameter at `i`: `$#`, `$?`, `$$`, `$!`, `${#}`, `${#name}`, `${#name[@]}`; or 0. */
function numericParameterLength(text: string, i: number): number {
  if (text[i] !== '$') return 0;
  const next = text[i + 1] ?? '';
  if (NUMERIC_SPECIALS.has(next)) return 2;
  const m = /^\$\{#(?:[A-Za-z_][A-Za-z0-9_]*(?:\[[@*]\])?)?\}/.exec(text.slice(i));
  return m ? m[0].length : 0;
}

/** Length of a nested `$(( … ))` at `i` whose own text is literal, or 0. */
function nestedArithmeticLength(text: string, i: number): number {
  if (!text.startsWith('$((', i)) return 0;
  let depth = 0;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '(') depth++;
    else if (text[j] === ')' && --depth === 0) {
      if (text[j - 1] !== ')') return 0;
      return isLiteralArithmetic(text.slice(i + 3, j - 1)) ? j + 1 - i : 0;
    }
  }
  return 0;
}

/** True when evaluating `text` as arithmetic can only compute with literal numbers. */
export function isLiteralArithmetic(text: string): boolean {
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    if (/\s/.test(c) || OPERATOR_CHARS.has(c)) {
      i++;
      continue;
    }
    const n = numberLength(text, i) || numericParameterLength(text, i) || nestedArithmeticLength(text, i);
    if (n === 0) return false;
    i += n;
  }
  return true;
}

/** The subscript of a variable name like `a[i+1]` (null when the name has none), and the array's name. */
export function splitSubscript(name: string): { array: string; index: string } | null {
  const open = name.indexOf('[');
  if (open < 0) return null;
  const close = name.lastIndexOf(']');
  return { array: name.slice(0, open), index: name.slice(open + 1, close > open ? close : name.length) };
}

/** True when a subscript is evaluated as arithmetic: every array but an associative one, unless it is `@` or `*`. */
export function subscriptRunsArithmetic(array: string, index: string, associative: ReadonlySet<string>): boolean {
  const trimmed = index.trim();
  if (trimmed === '@' || trimmed === '*') return false;
  return !associative.has(array);
}

/** What a `${…}` expansion does, read from its text. */
export interface ExpansionShape {
  /** `${!name}`: the value names another variable (maybe with a subscript). */
  indirect: boolean;
  /** The parameter's subscript, without brackets, when it has one. */
  subscript: string | null;
  /** The parameter's name (or special parameter). */
  name: string;
  /** `${x:offset[:length]}`: the arithmetic text after the colon. */
  substring: string | null;
  /** `${x@P}` style transformation letter. */
  transform: string | null;
}

/** Index just past the bracket that closes the one at `open` (nesting and `${…}` counted), or text.length. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** Reads `${…}` text; null when it is not a parameter expansion the reader knows. */
export function expansionShape(text: string): ExpansionShape | null {
  if (!text.startsWith('${') || !text.endsWith('}')) return null;
  let body = text.slice(2, -1);
  let indirect = false;
  if (body.startsWith('!') && body.length > 1) {
    indirect = true;
    body = body.slice(1);
  } else if (body.startsWith('#') && body.length > 1) body = body.slice(1);
  const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+|[@*#?$!-])/.exec(body);
  if (!m) return null;
  const name = m[0];
  let rest = body.slice(name.length);
  let subscript: string | null = null;
  if (rest.startsWith('[')) {
    const end = closingBracket(rest, 0);
    subscript = rest.slice(1, end - 1);
    rest = rest.slice(end);
  }
  // `${!prefix*}` and `${!prefix@}` list names; `${!a[@]}` lists keys: neither reads a value as a name.
  if (indirect && (rest === '*' || rest === '@' || (rest === '' && (subscript === '@' || subscript === '*')))) indirect = false;
  let substring: string | null = null;
  let transform: string | null = null;
  if (rest.startsWith(':') && !/^:[-=?+]/.test(rest)) substring = rest.slice(1);
  else if (/^@[A-Za-z]$/.test(rest)) transform = rest.slice(1);
  return { indirect, subscript, name, substring, transform };
}
