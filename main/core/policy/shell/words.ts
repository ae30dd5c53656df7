import type { Node } from 'web-tree-sitter';
import type { ShellWord } from './types';

const GLOB_CHARS = new Set(['*', '?', '[']);

interface Acc {
  value: string;
  dynamic: boolean;
  glob: boolean;
  procSub: boolean;
  /** Unquoted text, to spot brace expansion. */
  unquoted: string;
}

function unescapeUnquoted(text: string, acc: Acc): void {
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1];
      i++;
      if (next === undefined || next === '\n') continue;
      acc.value += next;
      acc.unquoted += '_';
      continue;
    }
    if (GLOB_CHARS.has(c)) acc.glob = true;
    acc.value += c;
    acc.unquoted += c;
  }
}

/** Inside double quotes only `\$`, `` \` ``, `\"`, `\\` and `\newline` are escapes. */
export function unescapeDoubleQuoted(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== '\n') out += next;
      i++;
      continue;
    }
    out += c;
  }
  return out;
}

const C_ESCAPES: Record<string, string> = {
  n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
};

/** `$'...'` quoting. */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[i + 1] ?? '';
    i++;
    const simple = C_ESCAPES[n];
    if (simple !== undefined) {
      out += simple;
    } else if (n === 'x') {
      const m = /^[0-9a-fA-F]{1,2}/.exec(body.slice(i + 1));
      if (m) {
        out += String.fromCharCode(parseInt(m[0], 16));
        i += m[0].length;
      } else out += '\\x';
    } else if (n === 'u' || n === 'U') {
      const m = (n === 'u' ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(body.slice(i + 1));
      if (m) {
        out += String.fromCodePoint(Math.min(parseInt(m[0], 16), 0x10ffff));
        i += m[0].length;
      } else out += '\\' + n;
    } else if (/[0-7]/.test(n)) {
      const m = /^[0-7]{1,3}/.exec(body.slice(i)) as RegExpExecArray;
      out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
      i += m[0].length - 1;
    } else if (n === 'c') {
      const ch = body[i + 1] ?? '';
      out += String.fromCharCode(ch.charCodeAt(0) & 0x1f);
      i++;
    } else {
      out += '\\' + n;
    }
  }
  return out;
}

function visit(node: Node, acc: Acc, first: boolean, home: string): void {
  switch (node.type) {
    case 'word': {
      let text = node.text;
      if (first && (text === '~' || text.startsWith('~/'))) {
        acc.value += home;
        acc.unquoted += '_';
        text = text.slice(1);
      } else if (first && text.startsWith('~')) {
        acc.dynamic = true; // ~user, ~+ and ~- depend on the system
      }
      unescapeUnquoted(text, acc);
      return;
    }
    case 'number':
    case 'extglob_pattern':
      unescapeUnquoted(node.text, acc);
      return;
    case 'raw_string':
      acc.value += node.text.slice(1, -1);
      acc.unquoted += '_';
      return;
    case 'ansi_c_string':
      acc.value += decodeAnsiC(node.text.slice(2, -1));
      acc.unquoted += '_';
      return;
    case 'string':
    case 'translated_string': {
      for (const child of node.children) {
        if (!child) continue;
        if (child.type === '"' || child.type === '$"') continue;
        if (child.type === 'string_content') acc.value += unescapeDoubleQuoted(child.text);
        else if (child.type === 'string') visit(child, acc, false, home);
        else acc.dynamic = true;
      }
      acc.unquoted += '_';
      return;
    }
    case 'concatenation': {
      let i = 0;
      for (const child of node.children) {
        if (child) visit(child, acc, first && i === 0, home);
        i++;
      }
      return;
    }
    case 'process_substitution':
      acc.value += '/dev/fd/63';
      acc.procSub = true;
      return;
    default:
      // $x, ${x}, $(..), `..`, $((..)), arrays, brace expressions: known only when bash runs.
      acc.dynamic = true;
  }
}

/** Brace expansion (`{a,b}`, `{1..3}`) in unquoted text changes the words bash sees. */
function hasBraceExpansion(unquoted: string): boolean {
  const open = unquoted.indexOf('{');
  if (open < 0) return false;
  const close = unquoted.indexOf('}', open);
  if (close < 0) return false;
  const inner = unquoted.slice(open + 1, close);
  return inner.includes(',') || inner.includes('..');
}

/** Evaluates a word node the way bash will, after quote removal; unknown parts make `value` null. */
export function evalWord(node: Node, home: string): ShellWord {
  const acc: Acc = { value: '', dynamic: false, glob: false, procSub: false, unquoted: '' };
  visit(node, acc, true, home);
  const dynamic = acc.dynamic || hasBraceExpansion(acc.unquoted);
  return { value: dynamic ? null : acc.value, text: node.text, glob: acc.glob, procSub: acc.procSub };
}

export function staticWord(value: string): ShellWord {
  return { value, text: value, glob: false, procSub: false };
}
