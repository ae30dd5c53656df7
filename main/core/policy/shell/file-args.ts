import { hasOptionTable } from './option-tables';
import { basename, hasOption, looseOperands } from './options';
import type { FileAccess, FileOp, ShellWord } from './types';

/** Commands whose operands are all files they read. */
const READERS = new Set([
  'cat', 'tac', 'head', 'tail', 'more', 'nl', 'wc', 'od', 'xxd', 'hexdump', 'strings', 'base64', 'base32',
  'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'sum', 'file', 'stat',
  'cmp', 'comm', 'paste', 'cut', 'fold', 'fmt', 'column', 'expand', 'unexpand', 'rev', 'bat',
  'source', '.', 'ls', 'du', 'readlink', 'realpath', 'iconv', 'zcat', 'gunzip', 'bzcat', 'xzcat', 'view',
]);
/** Commands whose operands are all files they create, change or delete. */
const WRITERS = new Set(['rm', 'rmdir', 'unlink', 'touch', 'mkdir', 'truncate', 'shred', 'tee', 'mv', 'ln', 'mkfifo']);
/** First operand is a pattern or program, the rest are read. */
const PATTERN_FIRST = new Set(['ag', 'jq', 'yq', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'gsed']);

function access(op: FileOp, word: ShellWord, cwd: string | null, via: string, recursive = false): FileAccess {
  return { op, word, cwd, via, recursive: recursive || word.glob };
}

/** Files a simple command reads or writes through its arguments (redirects are found by the walker). */
export function fileArgAccesses(argv: ShellWord[], cwd: string | null): FileAccess[] {
  const program = argv[0]?.value;
  // Commands with an option table (rg, grep, sort, tar, ...) are read with it (option-tables/).
  if (program === null || program === undefined || hasOptionTable(argv)) return [];
  const name = basename(program);
  const args = argv.slice(1);
  const operands = looseOperands(args).filter((w) => !w.procSub);
  const out: FileAccess[] = [];
  const recursive = hasOption(args, 'rRa', ['recursive', 'archive']);
  if (READERS.has(name)) {
    for (const w of operands) out.push(access('read', w, cwd, name));
  } else if (WRITERS.has(name)) {
    for (const w of operands) out.push(access('write', w, cwd, name, recursive || name === 'mv'));
  } else if (PATTERN_FIRST.has(name)) {
    const explicitPattern = hasOption(args, 'ef', ['regexp', 'file', 'expression']);
    const files = explicitPattern ? operands : operands.slice(1);
    const inPlace = name.endsWith('sed') && hasOption(args, 'i', ['in-place']);
    const deep = name === 'ag' || recursive;
    for (const w of files) out.push(access(inPlace ? 'readwrite' : 'read', w, cwd, name, deep));
  } else if (name === 'cp' || name === 'install' || name === 'rsync' || name === 'scp') {
    operands.forEach((w, i) => out.push(access(i === operands.length - 1 ? 'write' : 'read', w, cwd, name, recursive)));
  } else if (name === 'chmod' || name === 'chown' || name === 'chgrp') {
    for (const w of operands.slice(1)) out.push(access('write', w, cwd, name, recursive));
  } else if (name === 'find') {
    const end = args.findIndex((w) => /^[-(!]/.test(w.value ?? '-'));
    const roots = end < 0 ? args : args.slice(0, end);
    const writes = args.some((w) => w.value === '-delete');
    for (const w of roots.length ? roots : [{ value: '.', text: '.', glob: false, procSub: false }]) {
      out.push(access(writes ? 'readwrite' : 'read', w, cwd, 'find', writes));
    }
    // -fprint FILE, -fprint0 FILE, -fprintf FILE FORMAT and -fls FILE write FILE (truncated when find starts).
    args.forEach((w, i) => {
      const target = args[i + 1];
      if (target && w.value !== null && /^-(fprint0?|fprintf|fls)$/.test(w.value)) out.push(access('write', target, cwd, `find ${w.value}`));
    });
  } else if (name === 'dd') {
    for (const w of args) {
      const v = w.value;
      if (v?.startsWith('if=')) out.push(access('read', { ...w, value: v.slice(3) }, cwd, 'dd'));
      if (v?.startsWith('of=')) out.push(access('write', { ...w, value: v.slice(3) }, cwd, 'dd'));
    }
  }
  return out;
}
