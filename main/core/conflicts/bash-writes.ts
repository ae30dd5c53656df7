import { statSync } from 'node:fs';
import path from 'node:path';
import type { ShellPlan } from '../policy/shell/analyze';
import { basename } from '../policy/shell/options';
import type { FileAccess, ShellWord } from '../policy/shell/types';

/** One file a Bash command writes, as far as the policy's bash analysis can tell. */
export interface BashWrite {
  /** Absolute path (not yet resolved through symlinks). */
  path: string;
  /**
   * The command replaces or changes the file's content (`>`, `>>`, `<>`, tee, sed -i, truncate, dd of=, the
   * destination of cp/mv/install): the stale-read check applies. Deleting, creating or moving a file away is
   * a write (leased, locked, journaled) but not an edit.
   */
  edit: boolean;
}

export interface BashWrites {
  writes: BashWrite[];
  /** Writes whose file cannot be known before the command runs, with the reason (not leased, not checked). */
  unknown: string[];
}

const REDIRECT_VIAS = new Set(['>', '>>', '>|', '&>', '&>>', '>&', '<>']);
/** Commands whose write operands get new content (rather than being created empty, deleted or re-linked). */
const CONTENT_WRITERS = new Set(['tee', 'sed', 'gsed', 'truncate', 'dd', 'uniq', 'rsync', 'scp']);
/**
 * Recomputed from the command line below: cp/mv/install so that a destination folder expands to the files put
 * into it; truncate because the policy's reading (all non-option words) takes `-s 0`'s size for a file.
 */
const RECOMPUTED = new Set(['cp', 'mv', 'install', 'truncate']);
/** Options of the recomputed commands that take an argument. */
const COPY_ARGS: Record<string, { short: string; long: string[] }> = {
  cp: { short: 'tS', long: ['target-directory', 'suffix'] },
  mv: { short: 'tS', long: ['target-directory', 'suffix'] },
  install: { short: 'tSmog', long: ['target-directory', 'suffix', 'mode', 'owner', 'group'] },
  truncate: { short: 'sr', long: ['size', 'reference'] },
};

interface CopyArgs {
  operands: ShellWord[];
  /** `-t DIR` / `--target-directory=DIR`. */
  targetDir: ShellWord | null;
  /** `install -d`: only makes folders. */
  dirsOnly: boolean;
  /** A `$VAR` stood where an option could be. */
  unknown: boolean;
}

function copyArgs(name: string, args: ShellWord[]): CopyArgs {
  const spec = COPY_ARGS[name] ?? { short: '', long: [] };
  const out: CopyArgs = { operands: [], targetDir: null, dirsOnly: false, unknown: false };
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as ShellWord;
    const v = w.value;
    if (ended || v === '-' || (v !== null && !v.startsWith('-'))) {
      out.operands.push(w);
      continue;
    }
    if (v === null) {
      out.unknown = true;
      out.operands.push(w);
    } else if (v === '--') ended = true;
    else if (v.startsWith('--')) {
      const [long, inline] = [v.slice(2).split('=')[0] as string, v.includes('=') ? v.slice(v.indexOf('=') + 1) : null];
      const arg = spec.long.includes(long) ? (inline !== null ? { ...w, value: inline } : (args[++i] ?? null)) : null;
      if (long === 'target-directory') out.targetDir = arg;
    } else {
      for (let j = 1; j < v.length; j++) {
        const c = v[j] as string;
        if (c === 'd' && name === 'install') out.dirsOnly = true;
        if (!spec.short.includes(c)) continue;
        const rest = v.slice(j + 1);
        const arg = rest !== '' ? { ...w, value: rest } : (args[++i] ?? null);
        if (c === 't') out.targetDir = arg;
        break;
      }
    }
  }
  return out;
}

/** The absolute path of a word, or why it cannot be known before the command runs. */
function resolveWord(word: ShellWord, cwd: string | null): { path: string } | { unknown: string } {
  if (word.value === null) return { unknown: `${word.text} is only known at run time` };
  if (word.glob) return { unknown: `${word.text} is a file pattern` };
  // `find … -exec cmd {} +`: find fills in the names.
  if (word.value === '{}') return { unknown: 'find -exec names its files at run time' };
  if (path.isAbsolute(word.value)) return { path: path.normalize(word.value) };
  if (cwd === null) return { unknown: `${word.text} is relative to a folder only known at run time (a dynamic cd)` };
  return { path: path.resolve(cwd, word.value) };
}

const isDevice = (p: string): boolean => p === '/dev' || p.startsWith('/dev/');

function isDirectory(abs: string, spelled: string): boolean {
  if (spelled.endsWith('/')) return true;
  return statSync(abs, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** truncate: its files; cp / mv / install: the files the copy creates or replaces (edits), and for mv the sources. */
function recomputedWrites(argv: ShellWord[], cwd: string | null, out: BashWrites): void {
  const name = basename(argv[0]?.value ?? '');
  const { operands, targetDir, dirsOnly, unknown } = copyArgs(name, argv.slice(1));
  if (unknown) out.unknown.push(`${name} has arguments only known at run time`);
  if (dirsOnly) return;
  if (name === 'truncate') {
    for (const w of operands) {
      const r = resolveWord(w, cwd);
      if ('unknown' in r) out.unknown.push(r.unknown);
      else out.writes.push({ path: r.path, edit: true });
    }
    return;
  }
  const sources = targetDir ? operands : operands.slice(0, -1);
  const dest = targetDir ?? operands.at(-1);
  if (!dest || sources.length === 0) return;
  const resolved = resolveWord(dest, cwd);
  if ('unknown' in resolved) out.unknown.push(resolved.unknown);
  else if (targetDir || sources.length > 1 || isDirectory(resolved.path, dest.value ?? '')) {
    for (const s of sources) {
      if (s.value === null || s.glob) out.unknown.push(`${name} puts ${s.text} into ${dest.text}`);
      else out.writes.push({ path: path.join(resolved.path, path.basename(s.value)), edit: true });
    }
  } else out.writes.push({ path: resolved.path, edit: true });
  if (name !== 'mv') return;
  for (const s of sources) {
    const src = resolveWord(s, cwd);
    if ('unknown' in src) out.unknown.push(src.unknown);
    else out.writes.push({ path: src.path, edit: false });
  }
}

function accessWrite(f: FileAccess, out: BashWrites): void {
  if (f.op === 'read' || f.word.procSub || RECOMPUTED.has(f.via)) return;
  const resolved = resolveWord(f.word, f.cwd);
  if ('unknown' in resolved) {
    out.unknown.push(resolved.unknown);
    return;
  }
  const edit = REDIRECT_VIAS.has(f.via) || f.op === 'readwrite' || f.replaces === true || CONTENT_WRITERS.has(f.via);
  out.writes.push({ path: resolved.path, edit });
}

/**
 * The files a parsed Bash command writes: every redirect target in the tree (`>`, `>>`, `<>`, `&>`, in
 * subshells, `$( )`, heredoc-fed shells and `bash -c` code alike) and the file arguments of known writers
 * (tee, rm, touch, sed -i, truncate, dd of=, cp/mv/install…), each relative to the folder its command runs
 * in (`cd sub && …`). What only the run can tell — `$VAR` names, globs, a dynamic `cd`, find -exec, a script's
 * own writes — is listed in `unknown` and not guarded, as before this analysis existed.
 */
export function bashWrites(plan: ShellPlan): BashWrites {
  const out: BashWrites = { writes: [], unknown: [] };
  for (const f of plan.files) accessWrite(f, out);
  const seen = new Set<string>();
  for (const part of plan.parts) {
    for (const argv of part.variants) {
      const program = argv[0]?.value;
      if (!program || !RECOMPUTED.has(basename(program))) continue;
      // `/bin/cp a b` and `cp a b` are two variants of one command.
      const key = [part.cmd.cwd, basename(program), ...argv.slice(1).map((w) => w.value ?? w.text)].join('\0');
      if (seen.has(key)) continue;
      seen.add(key);
      recomputedWrites(argv, part.cmd.cwd, out);
    }
  }
  out.writes = out.writes.filter((w) => !isDevice(w.path));
  return out;
}
