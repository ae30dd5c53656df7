import { msg } from '../../../../../shared/i18n/message';
import { basename } from '../options';
import type { ShellWord } from '../types';
import { staticWord } from '../words';
import { commonEffects, fileAccess, type OptionEffects } from './effects';
import { TAR } from './archive';
import { CURL, WGET, XARGS } from './network';
import { LESS, MAN, TREE } from './pagers';
import { scanTable, type TableScan } from './scan';
import { GREP, RG } from './search';
import { CSPLIT, DIFF, SHUF, SORT, SPLIT, UNIQ } from './text';
import { ruleOf, type OptionTable } from './types';
import { tarFiles } from './tar';

/** The read-only (and download) commands whose options the policy reads with a real option table. */
export const OPTION_TABLES: Record<string, OptionTable> = {
  rg: RG, grep: GREP, egrep: GREP, fgrep: GREP, tar: TAR, gtar: TAR, sort: SORT, shuf: SHUF, uniq: UNIQ, split: SPLIT,
  csplit: CSPLIT, diff: DIFF, less: LESS, man: MAN, tree: TREE, curl: CURL, wget: WGET, xargs: XARGS,
};

const RISKY_ROLES = new Set(['write', 'readwrite', 'writeDir', 'program', 'programFlag', 'optionalProgram']);

/** A table with options that run programs or write files: a word only known at run time could be one of them. */
export function isRisky(table: OptionTable): boolean {
  return [...Object.values(table.short), ...Object.values(table.long)].some((e) => RISKY_ROLES.has(ruleOf(e).role));
}

const has = (scan: TableScan, ...names: string[]): boolean => scan.uses.some((u) => names.includes(u.name));
const valueOf = (scan: TableScan, ...names: string[]): ShellWord | null =>
  scan.uses.filter((u) => names.includes(u.name)).at(-1)?.value ?? null;
const words = (scan: TableScan): ShellWord[] => scan.operands.map((o) => o.word).filter((w) => !w.procSub);

/** `less +cmd` runs a less command at startup; only line numbers, `G`, `F` and searches are harmless. */
const SAFE_LESS_COMMAND = /^\+\+?(?:\d*[GgFpP%]?|[/?][^\p{Cc}]*)$/u;

/** Files a table-carrying command reads or writes through its operands, by what the command is. */
function operandFiles(name: string, scan: TableScan, cwd: string | null, out: OptionEffects): void {
  const files = words(scan);
  const read = (w: ShellWord, recursive = false): void => void out.files.push(fileAccess('read', w, cwd, name, recursive));
  const write = (w: ShellWord, recursive = false): void => void out.files.push(fileAccess('write', w, cwd, name, recursive));
  switch (name) {
    case 'rg':
    case 'grep':
    case 'egrep':
    case 'fgrep': {
      const patternGiven = has(scan, 'e', 'regexp', 'f', 'file') || (name === 'rg' && has(scan, 'files', 'type-list'));
      const recursive = name === 'rg' || has(scan, 'r', 'R', 'recursive', 'dereference-recursive');
      const paths = patternGiven ? files : files.slice(1);
      for (const w of paths) read(w, recursive);
      if (name !== 'rg' && recursive && paths.length === 0) read(staticWord('.'), true);
      return;
    }
    case 'sort':
    case 'diff':
      for (const w of files) read(w, name === 'diff' && has(scan, 'r', 'recursive'));
      return;
    case 'shuf':
      if (!has(scan, 'e', 'echo', 'i', 'input-range')) for (const w of files) read(w);
      return;
    case 'uniq':
      if (files[0]) read(files[0]);
      if (files[1]) out.files.push(fileAccess('write', files[1], cwd, name));
      return;
    case 'split':
      if (files[0]) read(files[0]);
      write(files[1] ?? staticWord('x'));
      return;
    case 'csplit':
      if (files[0]) read(files[0]);
      write(valueOf(scan, 'f', 'prefix') ?? staticWord('xx'));
      return;
    case 'less':
      for (const w of files) {
        if (w.value?.startsWith('+')) {
          if (!SAFE_LESS_COMMAND.test(w.value)) out.neverPrefix ??= msg('reasons.lessCommand', { command: w.value });
        } else read(w);
      }
      return;
    case 'man':
      for (const w of files) if (has(scan, 'l', 'local-file') || w.value?.includes('/')) read(w);
      return;
    case 'tree': {
      const roots = files.length ? files : [staticWord('.')];
      for (const w of roots) read(w, true);
      // -R runs tree again in every folder with `-o 00Tree.html`.
      if (has(scan, 'R')) for (const w of roots) out.files.push(fileAccess('write', w, cwd, 'tree -R', true));
      return;
    }
    case 'tar':
      out.files.push(...tarFiles(scan, cwd));
      return;
    case 'curl':
      if (has(scan, 'O', 'remote-name', 'remote-name-all', 'J', 'remote-header-name')) {
        write(valueOf(scan, 'output-dir') ?? staticWord('.'));
      }
      return;
    case 'wget':
      if (!has(scan, 'O', 'output-document', 'spider')) {
        write(valueOf(scan, 'P', 'directory-prefix') ?? staticWord('.'), has(scan, 'r', 'recursive', 'm', 'mirror'));
      }
      return;
    default:
      return;
  }
}

/** Reads a command's options with its option table; null when the command has none. */
export function optionEffects(argv: ShellWord[], cwd: string | null): OptionEffects | null {
  const program = argv[0]?.value;
  if (program === null || program === undefined) return null;
  const name = basename(program);
  if (!Object.hasOwn(OPTION_TABLES, name)) return null;
  const table = OPTION_TABLES[name] as OptionTable;
  const scan = scanTable(name, table, argv.slice(1));
  const out = commonEffects(name, scan, cwd, isRisky(table));
  // The command xargs runs is read on its own (wrappers.ts); its operands are that command, not files.
  if (name !== 'xargs') operandFiles(name, scan, cwd, out);
  return out;
}

export function hasOptionTable(argv: ShellWord[]): boolean {
  const program = argv[0]?.value;
  return program !== null && program !== undefined && Object.hasOwn(OPTION_TABLES, basename(program));
}
