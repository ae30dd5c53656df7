import { msg, type Msg } from '../../../shared/i18n/message';

// JSON.parse on Node 20 often reports no position ("Unexpected token '}', ... is not valid JSON"), so a
// small scanner finds where the text stops being JSON; the user gets a line and column to look at.

/** Offset of the first character that makes `text` invalid JSON (text.length when it ends too early). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  class Stop {
    constructor(readonly at: number) {}
  }
  const fail = (at = i): never => {
    throw new Stop(at);
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const literal = (word: string): void => {
    for (const ch of word) if (text[i++] !== ch) fail(i - 1);
  };
  const string = (): void => {
    i++; // opening quote
    while (true) {
      if (i >= text.length) fail();
      const ch = text[i] as string;
      if (ch === '"') return void i++;
      if (ch < ' ') fail();
      if (ch === '\\') {
        i++;
        const esc = text[i];
        if (esc === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 5;
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) i++;
        else fail();
      } else i++;
    }
  };
  const number = (): void => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '' || m[0] === '-') fail();
    i += (m as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      while (true) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    } else if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      while (true) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    } else if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
    else fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (e) {
    if (e instanceof Stop) return Math.min(e.at, text.length);
    throw e;
  }
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** "invalid JSON at line 3, column 9: Unexpected token '}'" — V8's message without its echo of the input or its offset. */
export function describeJsonError(text: string, error: unknown): Msg {
  const raw = error instanceof Error ? error.message : String(error);
  const reason = raw.replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
  if (text.trim() === '') return msg('engineErrors.config.emptyFile');
  const { line, column } = lineColumn(text, jsonErrorOffset(text));
  return msg('engineErrors.config.invalidJsonAt', { line, column, error: reason });
}
