import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The real location of `abs`, whether or not it exists yet: symlinks in the existing part are resolved and the
 * missing tail is appended, so two spellings of one file (a symlinked workspace, `a/../b`) give one key.
 */
export function realPathOf(abs: string): string {
  const resolved = path.resolve(abs);
  let head = resolved;
  const tail: string[] = [];
  for (;;) {
    // stat without throwing first: walking up from a new file should not cost one exception per level.
    if (statSync(head, { throwIfNoEntry: false }) !== undefined) {
      try {
        const real = realpathSync.native(head);
        return tail.length === 0 ? real : path.join(real, ...tail.reverse());
      } catch {
        // a dangling link or a permission error: treat it as missing
      }
    }
    const parent = path.dirname(head);
    if (parent === head) return resolved;
    tail.push(path.basename(head));
    head = parent;
  }
}

/** True when `p` is `dir` or inside it (both real, absolute). */
export function isInside(p: string, dir: string): boolean {
  if (p === dir) return true;
  const withSep = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return p.startsWith(withSep);
}

/** `abs` relative to the workspace in POSIX form when inside it, else absolute: how paths are shown. */
export function shownPath(workspace: string, abs: string): string {
  if (!isInside(abs, workspace) || abs === workspace) return abs;
  return path.relative(workspace, abs).split(path.sep).join('/');
}
