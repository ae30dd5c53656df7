import path from 'node:path';
import { msg, type Msg } from '../../../shared/i18n/message';
import picomatch from 'picomatch';
import { basename, hasOption, looseOperands } from './shell/options';
import type { ShellWord } from './shell/types';
import { isInside, kernelPath } from './paths';

export interface CriticalContext {
  roots: string[];
  home: string;
}

function isCriticalPath(abs: string, ctx: CriticalContext): boolean {
  const segments = abs.split('/').filter((s) => s !== '');
  if (segments.length <= 1) return true; // `/` and top-level folders
  return [...ctx.roots, ctx.home].some((root) => isInside(root, abs));
}

/** A target of a recursive delete that would wipe `/`, a top-level folder, home, the workspace or a parent. */
export function isCriticalTarget(word: ShellWord, cwd: string | null, ctx: CriticalContext): boolean {
  if (word.value === null) return true; // "$EMPTY"/* and friends
  let target = word.value;
  if (word.glob) target = picomatch.scan(target).base || '.';
  if (target === '') return true;
  if (!path.isAbsolute(target) && cwd === null) return true;
  const base = cwd ?? '/';
  const lexical = path.resolve(base, target);
  let real = lexical;
  try {
    real = kernelPath(base, target, ctx.home);
  } catch {
    return true;
  }
  return isCriticalPath(lexical, ctx) || isCriticalPath(real, ctx);
}

/** Commands that always ask, in every mode: destructive operations on the system, home or workspace root. */
export function criticalReason(argv: ShellWord[], cwd: string | null, ctx: CriticalContext): Msg | null {
  const program = argv[0]?.value;
  if (program === null || program === undefined) return null;
  const name = basename(program);
  const args = argv.slice(1);
  const operands = looseOperands(args);
  if (name === 'rm' || name === 'rmdir' || name === 'shred') {
    if (args.some((w) => w.value === '--no-preserve-root')) return msg('reasons.criticalNoPreserveRoot');
    if (name === 'rm' && !hasOption(args, 'rR', ['recursive'])) return null;
    const bad = operands.find((w) => isCriticalTarget(w, cwd, ctx));
    return bad ? msg('reasons.criticalDelete', { cmd: name, target: bad.text }) : null;
  }
  if ((name === 'chmod' || name === 'chown' || name === 'chgrp') && hasOption(args, 'R', ['recursive'])) {
    const bad = operands.slice(1).find((w) => isCriticalTarget(w, cwd, ctx));
    return bad ? msg('reasons.criticalRecursive', { cmd: name, target: bad.text }) : null;
  }
  if (name === 'mv') {
    const bad = operands.slice(0, -1).find((w) => isCriticalTarget(w, cwd, ctx));
    return bad ? msg('reasons.criticalMove', { target: bad.text }) : null;
  }
  if (/^mkfs(\..*)?$/.test(name) || name === 'wipefs' || name === 'fdisk' || name === 'parted') return msg('reasons.criticalFormat', { cmd: name });
  if (name === 'dd') {
    const of = args.find((w) => w.value?.startsWith('of=/dev/'));
    if (of && of.value !== 'of=/dev/null') return msg('reasons.criticalDd');
  }
  return null;
}
