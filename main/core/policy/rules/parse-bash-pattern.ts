import { msg, type Msg } from '../../../../shared/i18n/message';
import type { BashToken } from './types';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Splits a `Bash(...)` specifier into tokens: whitespace separates words, quotes and backslashes make text
 * literal, an unquoted `*` is a wildcard. A trailing `:*` means ` *` (`Bash(npm test:*)`).
 */
export function parseBashPattern(spec: string): BashToken[] | Msg {
  let s = spec.trim();
  if (s.endsWith(':*')) s = `${s.slice(0, -2)} *`;
  const raw: { text: string; pattern: string; wild: boolean; endsWild: boolean }[] = [];
  let cur: { text: string; pattern: string; wild: boolean; endsWild: boolean } | null = null;
  let quote: '"' | "'" | null = null;
  const lit = (c: string): void => {
    cur ??= { text: '', pattern: '', wild: false, endsWild: false };
    cur.text += c;
    cur.pattern += escapeRe(c);
    cur.endsWild = false;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < s.length) lit(s[++i] as string);
      else lit(c);
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      cur ??= { text: '', pattern: '', wild: false, endsWild: false };
      continue;
    }
    if (c === '\\' && i + 1 < s.length) {
      lit(s[++i] as string);
      continue;
    }
    if (/\s/.test(c)) {
      if (cur) raw.push(cur);
      cur = null;
      continue;
    }
    if (c === '*') {
      cur ??= { text: '', pattern: '', wild: false, endsWild: false };
      cur.text += c;
      cur.pattern += '.*';
      cur.wild = true;
      cur.endsWild = true;
      continue;
    }
    lit(c);
  }
  if (quote) return msg('notices.settings.specQuote');
  if (cur) raw.push(cur);
  if (raw.length === 0) return msg('notices.settings.specEmptyCommand');
  return raw.map((t, i): BashToken => {
    if (t.wild && t.text === '*' && t.pattern === '.*') return { kind: 'star' };
    if (!t.wild) return { kind: 'literal', text: t.text };
    return { kind: 'glob', re: new RegExp(`^${t.pattern}$`, 's'), text: t.text, tail: i === raw.length - 1 && t.endsWild };
  });
}
