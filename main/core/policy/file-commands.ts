import { isMsg, msg, type Msg } from '../../../shared/i18n/message';
import { FILE_COMMAND_OPTIONS, longOption, type OptionRole } from './file-command-options';
import { basename } from './shell/options';
import type { ShellWord } from './shell/types';

/** A common file command (`rm`, `cp`, `sed -i`, ...) read with its real option table. */
export type FileCommand =
  | {
      ok: true;
      name: string;
      /** Files and folders it creates, changes or deletes. */
      writes: ShellWord[];
      /** Files it only reads (`cp` sources, `touch -r`). */
      reads: ShellWord[];
      /** It works on whole folder trees (`rm -r`, `cp -a`, `mv`). */
      recursive: boolean;
      /** sed only: the script cannot write other files, read files or run commands, and is known before it runs. */
      safeScript: boolean;
    }
  | { ok: false; name: string; reason: Msg };

interface Scan {
  operands: ShellWord[];
  used: Set<string>;
  dirs: ShellWord[];
  reads: ShellWord[];
  scripts: (string | null)[];
  scriptFile: boolean;
  inPlace: boolean;
}

const ACCEPTED_ROLES: ReadonlySet<OptionRole> = new Set(['flag', 'value', 'optional']);

/** Applies one option's argument to the scan; returns why the command cannot be read, or null. */
function apply(scan: Scan, name: string, role: OptionRole, arg: ShellWord | null): Msg | null {
  scan.used.add(name);
  if (ACCEPTED_ROLES.has(role)) return null;
  if (role === 'inPlace') {
    scan.inPlace = true;
    const suffix = arg?.value ?? '';
    // A suffix with `/` or `*` names the backup's folder or name: it can land anywhere.
    return /[/*]/.test(suffix) ? msg('reasons.backupSuffixFolder', { word: JSON.stringify(suffix) }) : null;
  }
  if (arg === null) return msg('reasons.optionLacksArgument', { name });
  switch (role) {
    case 'dir':
      scan.dirs.push(arg);
      return null;
    case 'read':
      scan.reads.push(arg);
      return null;
    case 'suffix':
      if (arg.value === null) return msg('reasons.backupSuffixRuntime', { word: arg.text });
      return arg.value.includes('/') ? msg('reasons.backupSuffixFolder', { word: JSON.stringify(arg.value) }) : null;
    case 'script':
      scan.scripts.push(arg.value);
      return null;
    case 'scriptFile':
      scan.scriptFile = true;
      return null;
    default:
      return null;
  }
}

const attached = (w: ShellWord, value: string): ShellWord => ({ ...w, value, text: value });

/** GNU getopt with permutation: options may follow operands until `--`. */
function scanArgs(name: string, args: ShellWord[]): Scan | Msg {
  const spec = FILE_COMMAND_OPTIONS[name];
  if (!spec) return msg('reasons.notFileCommand', { name });
  const scan: Scan = { operands: [], used: new Set(), dirs: [], reads: [], scripts: [], scriptFile: false, inPlace: false };
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (ended) {
      scan.operands.push(w);
      continue;
    }
    if (v === null) return msg('reasons.argumentRuntime', { word: w.text });
    if (v === '--') {
      ended = true;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const long = longOption(spec, eq < 0 ? v.slice(2) : v.slice(2, eq));
      if (long === null) return msg('reasons.unknownOption', { name, option: v });
      const role = spec.long[long] as OptionRole;
      let arg: ShellWord | null = eq < 0 ? null : attached(w, v.slice(eq + 1));
      if (arg !== null && role === 'flag') return msg('reasons.optionTakesNoValue', { name, long });
      if (arg === null && !['flag', 'optional', 'inPlace'].includes(role)) arg = args[++i] ?? null;
      const why = apply(scan, long, role, arg);
      if (why) return why;
      continue;
    }
    if (!v.startsWith('-') || v === '-') {
      scan.operands.push(w);
      continue;
    }
    for (let j = 1; j < v.length; j++) {
      const c = v[j] as string;
      const role = Object.hasOwn(spec.short, c) ? (spec.short[c] as OptionRole) : null;
      if (role === null) return msg('reasons.unknownOption', { name, option: `-${c}` });
      if (role === 'flag') {
        scan.used.add(c);
        continue;
      }
      const rest = v.slice(j + 1);
      // sed's -i takes only an attached suffix; the other options take the rest of the word or the next word.
      const arg = role === 'inPlace' ? (rest === '' ? null : attached(w, rest)) : rest !== '' ? attached(w, rest) : (args[++i] ?? null);
      const why = apply(scan, c, role, arg);
      if (why) return why;
      break;
    }
  }
  return scan;
}

const SED_ADDRESS =
  /^(?:\d+(?:~\d+)?|\$|\/(?:[^/\\]|\\.)*\/[IM]*|\\(.)(?:(?!\1).)*\1[IM]*)(?:\s*,\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/[IM]*|[+~]?\d+))?\s*!?\s*/;
/** What may follow each harmless sed command in the same piece. */
const SED_TAIL: Record<string, RegExp> = {
  ...Object.fromEntries([...'dDpPnNgGhHxz=F'].map((c) => [c, /^\s*}*\s*$/])),
  ...Object.fromEntries([...'qQlL'].map((c) => [c, /^\s*\d*\s*}*\s*$/])),
  ...Object.fromEntries([...'btT:'].map((c) => [c, /^\s*[\w.-]*\s*$/])),
  // Text of a, i and c runs to the end of the line; a `;` in it made a piece that is checked on its own.
  ...Object.fromEntries([...'aic'].map((c) => [c, /^/])),
};

/** Index just past the third delimiter of `s/re/rep/` or `y/a/b/`, or -1. */
function afterDelimited(s: string): number {
  const delim = s[1];
  if (delim === undefined || delim === '\\' || /\s/.test(delim)) return -1;
  let parts = 0;
  let i = 2;
  for (; i < s.length && parts < 2; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === delim) parts++;
  }
  return parts === 2 ? i : -1;
}

/**
 * True when a sed script only edits the stream: no `e`, `r`, `R`, `w`, `W` commands and no `e` or `w` flag on
 * `s`. Pieces are split at `;` and newlines; a piece that is not one known harmless command counts as unsafe.
 */
export function sedScriptIsSafe(script: string): boolean {
  for (const raw of script.split(/[;\n]/)) {
    const s = raw.trim().replace(/^[{}\s]+/, '').replace(SED_ADDRESS, '').replace(/^[{\s]+/, '');
    if (s === '' || /^}+$/.test(s) || s.startsWith('#')) continue;
    const cmd = s[0] as string;
    if (cmd === 's' || cmd === 'y') {
      const end = afterDelimited(s);
      const flags = cmd === 's' ? /^[gpiImM0-9]*\s*}*\s*$/ : /^\s*}*\s*$/;
      if (end < 0 || !flags.test(s.slice(end))) return false;
      continue;
    }
    const tail = SED_TAIL[cmd];
    if (!tail || !tail.test(s.slice(1))) return false;
  }
  return true;
}

const RECURSIVE = new Set(['r', 'R', 'a', 'recursive', 'archive']);

/** Reads `argv` as one of the common file commands; null when it is none (or sed without `-i`). */
export function readFileCommand(argv: ShellWord[]): FileCommand | null {
  const program = argv[0]?.value;
  if (program === null || program === undefined) return null;
  const name = basename(program);
  if (!Object.hasOwn(FILE_COMMAND_OPTIONS, name)) return null;
  const scan = scanArgs(name, argv.slice(1));
  if (isMsg(scan)) {
    // sed that is not editing in place is a reader, whatever else its options say.
    const mayEditInPlace = (w: ShellWord): boolean => w.value === null || /^-[^-]*i/.test(w.value) || w.value.startsWith('--i');
    if (name === 'sed' && !argv.slice(1).some(mayEditInPlace)) return null;
    return { ok: false, name, reason: scan };
  }
  let writes: ShellWord[];
  let reads = scan.reads;
  let safeScript = true;
  if (name === 'sed') {
    if (!scan.inPlace) return null;
    const fromOptions = scan.scripts.length > 0 || scan.scriptFile;
    const files = fromOptions ? scan.operands : scan.operands.slice(1);
    const scripts = fromOptions ? scan.scripts : [scan.operands[0]?.value ?? null];
    safeScript = !scan.scriptFile && scripts.every((s) => s !== null && sedScriptIsSafe(s));
    writes = files;
    reads = [...reads, ...files];
  } else if (name === 'cp') {
    // With -t every operand is a source; otherwise the last one is the destination.
    const sources = scan.dirs.length > 0 ? scan.operands : scan.operands.slice(0, -1);
    writes = [...scan.dirs, ...scan.operands.filter((w) => !sources.includes(w))];
    reads = [...reads, ...sources];
  } else {
    writes = [...scan.dirs, ...scan.operands];
  }
  const recursive = name === 'mv' || [...scan.used].some((o) => RECURSIVE.has(o) && (name === 'rm' || name === 'cp'));
  return { ok: true, name, writes, reads, recursive, safeScript };
}
