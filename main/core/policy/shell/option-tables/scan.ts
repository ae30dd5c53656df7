import { msg, type Msg } from '../../../../../shared/i18n/message';
import type { ShellWord } from '../types';
import { ruleOf, type OptionEntry, type OptionRule, type OptionTable } from './types';

/** One option as the command will read it. */
export interface OptionUse {
  /** Its name in the table (`output`, `o`). */
  name: string;
  /** As written, for messages: `--output`, `-o`. */
  spelled: string;
  rule: OptionRule;
  /** Its argument; null when it has none (or it is missing). */
  value: ShellWord | null;
  /** Index of the word it starts in. */
  at: number;
}

export interface TableScan {
  operands: { word: ShellWord; at: number }[];
  uses: OptionUse[];
  /** Why the rest of the words cannot be read (an option the table does not know). */
  unknown: Msg | null;
  /** A word only known at run time stood where an option could be. */
  dynamic: ShellWord | null;
}

const TAKES_VALUE = new Set(['value', 'read', 'write', 'readwrite', 'writeDir', 'program']);
const OPTIONAL = new Set(['optional', 'optionalProgram']);

const attached = (w: ShellWord, value: string): ShellWord => ({ ...w, value, text: value, glob: w.glob && /[*?[]/.test(value) });

function longName(table: OptionTable, written: string): string | null {
  if (Object.hasOwn(table.long, written)) return written;
  if (table.negations && written.startsWith('no-') && written.length > 3) return written;
  if (!table.abbreviations || written.length < 2) return null;
  const found = Object.keys(table.long).filter((n) => n.startsWith(written));
  return found.length === 1 ? (found[0] as string) : null;
}

/**
 * Reads a command's words with its option table the way getopt_long does: `--name=value`, `--name value`,
 * clustered short options whose last one takes the rest of the word or the next word, options after operands
 * (unless the table says otherwise) until `--`.
 */
export function scanTable(command: string, table: OptionTable, args: ShellWord[]): TableScan {
  const scan: TableScan = { operands: [], uses: [], unknown: null, dynamic: null };
  let ended = false;
  const unknown = (spelled: string): TableScan => {
    if (table.exhaustive) {
      scan.unknown = msg('reasons.unknownOption', { name: command, option: spelled });
      return scan;
    }
    return scan;
  };
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (ended || (v !== null && (!v.startsWith('-') || v === '-') && !(table.oldStyle && i === 0 && v !== ''))) {
      scan.operands.push({ word: w, at: i });
      if (!table.permute) ended = true;
      continue;
    }
    if (v === null) {
      scan.dynamic ??= w;
      scan.operands.push({ word: w, at: i });
      continue;
    }
    if (v === '--') {
      ended = true;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const written = eq < 0 ? v.slice(2) : v.slice(2, eq);
      const name = longName(table, written);
      if (name === null) {
        if (table.exhaustive) return unknown(`--${written}`);
        continue;
      }
      const rule = ruleOf(table.long[name] ?? 'flag');
      let value: ShellWord | null = eq < 0 ? null : attached(w, v.slice(eq + 1));
      if (value === null && TAKES_VALUE.has(rule.role)) value = args[++i] ?? null;
      scan.uses.push({ name, spelled: `--${name}`, rule, value, at: i });
      continue;
    }
    // tar's old style: `tar czf out.tgz dir` gives each option that takes a value the next word, in order.
    const old = table.oldStyle === true && i === 0 && !v.startsWith('-');
    const letters = old ? v : v.slice(1);
    const start = i;
    for (let j = 0; j < letters.length; j++) {
      const c = letters[j] as string;
      if (table.digitFlags && /[0-9]/.test(c)) continue;
      if (!Object.hasOwn(table.short, c)) {
        if (table.exhaustive) return unknown(`-${c}`);
        continue;
      }
      const rule = ruleOf(table.short[c] as OptionEntry);
      const rest = letters.slice(j + 1);
      if (OPTIONAL.has(rule.role)) {
        scan.uses.push({ name: c, spelled: `-${c}`, rule, value: rest === '' ? null : attached(w, rest), at: start });
        break;
      }
      if (!TAKES_VALUE.has(rule.role)) {
        scan.uses.push({ name: c, spelled: `-${c}`, rule, value: null, at: start });
        continue;
      }
      if (old) {
        scan.uses.push({ name: c, spelled: `-${c}`, rule, value: args[++i] ?? null, at: start });
        continue;
      }
      scan.uses.push({ name: c, spelled: `-${c}`, rule, value: rest !== '' ? attached(w, rest) : (args[++i] ?? null), at: start });
      break;
    }
  }
  return scan;
}
