import { msg, type Msg } from '../../../../shared/i18n/message';
import { basename, hasOption, looseOperands, scanOptions } from './options';
import type { ShellWord } from './types';

const INLINE_CODE: Record<string, { short: string; long: string[] }> = {
  node: { short: 'ep', long: ['eval', 'print'] },
  nodejs: { short: 'ep', long: ['eval', 'print'] },
  bun: { short: 'e', long: ['eval', 'print'] },
  perl: { short: 'eE', long: [] },
  ruby: { short: 'e', long: [] },
  php: { short: 'r', long: [] },
  lua: { short: 'e', long: [] },
  Rscript: { short: 'e', long: [] },
  osascript: { short: 'e', long: [] },
  pwsh: { short: 'c', long: ['command'] },
};

const INTERPRETERS = new Set(['node', 'nodejs', 'bun', 'deno', 'perl', 'ruby', 'php', 'lua', 'Rscript', 'osascript', 'pwsh']);

function isPython(name: string): boolean {
  return /^(python[0-9.]*|pypy[0-9.]*)$/.test(name);
}

/** True for sed scripts that can write files or run commands (`w`, `W`, `e`, `s///e`, `s///w`). */
export function sedScriptIsDangerous(script: string): boolean {
  for (const raw of script.split(/[;\n]/)) {
    let s = raw.trim();
    // Strip an address: line numbers, $, /regex/, \cregexc, ranges, steps and negation.
    s = s.replace(/^(?:\d+|\$|\/(?:[^/\\]|\\.)*\/[IM]*|\\(.)(?:(?!\1).)*\1)(?:\s*[,~]\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/[IM]*|[+~]?\d+))?\s*!?\s*/, '');
    s = s.replace(/^[{}]\s*/, '');
    const cmd = s[0];
    if (cmd === 'e' || cmd === 'w' || cmd === 'W') return true;
    if (cmd === 's' && s.length > 1) {
      const delim = s[1] as string;
      let parts = 0;
      let i = 2;
      for (; i < s.length && parts < 2; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === delim) parts++;
      }
      if (/[ew]/.test(s.slice(i).split(/\s/)[0] ?? '')) return true;
    }
  }
  return false;
}

function sedReason(args: ShellWord[]): Msg | null {
  if (hasOption(args, 'if', ['in-place', 'file'])) return msg('reasons.sedInPlace');
  const scanned = scanOptions(args, { short: 'elf', long: ['expression', 'file', 'line-length'] }, false);
  const scripts: (string | null)[] = [];
  for (const w of args.entries()) {
    const [i, word] = w;
    const v = word.value;
    if ((v === '-e' || v === '--expression') && args[i + 1]) scripts.push(args[i + 1]?.value ?? null);
    else if (v?.startsWith('--expression=')) scripts.push(v.slice(13));
    else if (v?.startsWith('-e') && v.length > 2 && !v.startsWith('--')) scripts.push(v.slice(2));
  }
  if (scripts.length === 0 && !scanned.options.has('e')) scripts.push(looseOperands(args)[0]?.value ?? null);
  for (const s of scripts) {
    if (s === null) return msg('reasons.sedNotStatic');
    if (sedScriptIsDangerous(s)) return msg('reasons.sedDangerous');
  }
  return null;
}

function awkReason(args: ShellWord[]): Msg | null {
  if (hasOption(args, 'f', ['file'])) return msg('reasons.awkFromFile');
  const program = looseOperands(args.filter((_, i) => !['-v', '-F'].includes(args[i - 1]?.value ?? '')))[0];
  if (!program || program.value === null) return msg('reasons.awkNotStatic');
  if (/system|getline|\||>|close|fflush/.test(program.value)) return msg('reasons.awkDangerous');
  return null;
}

/**
 * Commands that no prefix rule (`Bash(find *)`) may approve because a later argument changes what they do:
 * find -delete/-exec, sed -i and sed's w/e, awk system(), inline interpreter code. Exact rules still can.
 */
export function neverPrefixReason(argv: ShellWord[], readsStdin: boolean): Msg | null {
  const program = argv[0]?.value;
  if (program === null || program === undefined) return null;
  const name = basename(program);
  const args = argv.slice(1);
  if (name === 'find') {
    // -fprint, -fprintf and -fls write a file, checked like a redirection (file-args.ts).
    const bad = args.find((w) => w.value !== null && /^-(delete|exec|execdir|ok|okdir)$/.test(w.value));
    return bad ? msg('reasons.findRunsOrDeletes', { option: bad.value ?? bad.text }) : null;
  }
  if (name === 'sed' || name === 'gsed') return sedReason(args);
  if (['awk', 'gawk', 'mawk', 'nawk'].includes(name)) return awkReason(args);
  if (isPython(name)) {
    if (hasOption(args, 'c')) return msg('reasons.runsInline', { what: `${name} -c` });
    if (readsStdin || looseOperands(args).length === 0) return msg('reasons.readsStdin', { name });
    return null;
  }
  if (name === 'deno' && (args[0]?.value === 'eval' || hasOption(args, 'e', ['eval']))) return msg('reasons.runsInline', { what: 'deno eval' });
  const inline = INLINE_CODE[name];
  if (inline && hasOption(args, inline.short, inline.long)) return msg('reasons.runsInline', { what: name });
  if (INTERPRETERS.has(name) && readsStdin && looseOperands(args).length === 0) return msg('reasons.readsStdin', { name });
  return null;
}
