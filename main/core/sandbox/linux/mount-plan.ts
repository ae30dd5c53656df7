import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { PROTECTED_FILES } from '../../policy/protected-paths';
import type { SessionSandboxPolicy } from '../../policy/sandbox-policy';
import { expandGlob } from './expand-glob';

/** Files the plan mounts from: an empty file and an empty folder of the engine's own, read-only in every sandbox. */
export interface Scratch {
  emptyFile: string;
  emptyDir: string;
}

export interface MountPlan {
  /** bubblewrap's mount arguments, in the order they stack. */
  args: string[];
  /** Missing folders to make (and remove after) as empty read-only mount points. */
  placeholders: string[];
  /** Protected files that did not exist: one the command creates anyway is removed when it ends. */
  watch: string[];
}

const real = (p: string): string | null => {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
};
const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};
const present = (p: string): boolean => {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
};
const within = (child: string, parent: string): boolean => child === parent || child.startsWith(parent === '/' ? '/' : `${parent}/`);
const depth = (p: string): number => p.split('/').filter(Boolean).length;
const isGlob = (p: string): boolean => picomatch.scan(p).isGlob;

/** A list entry as the paths it names now: a folder for `dir/**`, the matches of a glob inside the write roots. */
function entries(list: readonly string[], roots: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of list) {
    const folder = e.replace(/\/\*\*$/, '');
    if (folder === '' || folder === '/') continue;
    if (!isGlob(folder)) out.push(folder);
    else for (const root of roots) out.push(...expandGlob(e.startsWith('**/') ? path.join(root, e) : e, root));
  }
  return [...new Set(out)];
}

type Op = { at: string; rank: number; args: string[] };

/**
 * What bubblewrap mounts for one command: the whole file system read-only, the session's write roots writable,
 * inside them its protected and denied paths read-only again, and its denied reads hidden (an empty folder or
 * file in their place) with the allowed reads inside them shown again. Mounts stack from the shortest path down, so
 * whatever is deeper wins; at one path a deny wins over the root it is in, an allowed read over the deny around it.
 */
export function mountPlan(policy: SessionSandboxPolicy, scratch: Scratch): MountPlan {
  const ops: Op[] = [];
  const roots = [...new Set(policy.writeRoots.flatMap((r) => (r === '' ? [] : (real(r) ?? []))))];
  for (const r of roots) ops.push({ at: r, rank: 0, args: ['--bind', r, r] });
  const inRoot = (p: string): boolean => roots.some((r) => within(p, r));

  const placeholders: string[] = [];
  const watch: string[] = [];
  for (const p of entries(policy.denyWrite, roots)) {
    if (!inRoot(p)) continue; // outside every root it is read-only already
    const r = present(p) ? real(p) : null;
    if (r !== null) {
      if (inRoot(r)) ops.push({ at: r, rank: 1, args: ['--ro-bind', r, r] });
      continue;
    }
    // Missing: hold its first missing component, when that can be made (its parent is a folder).
    let missing = p;
    while (!present(path.dirname(missing)) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    if (!isDir(path.dirname(missing))) continue;
    if (missing === p && PROTECTED_FILES.has(path.basename(p))) {
      // A file programs read when it exists (`.npmrc`, `.gitmodules`): an empty folder in its place would break
      // them, so it is looked for when the command ends instead.
      watch.push(p);
      continue;
    }
    placeholders.push(missing);
    ops.push({ at: missing, rank: 1, args: ['--ro-bind', scratch.emptyDir, missing] });
  }

  const masked: string[] = [];
  for (const p of entries(policy.denyRead, roots)) {
    const r = real(p);
    if (r === null) continue; // nothing there to read
    if (isDir(r)) {
      ops.push({ at: r, rank: 2, args: ['--tmpfs', r] });
      masked.push(r);
    } else ops.push({ at: r, rank: 2, args: ['--ro-bind', scratch.emptyFile, r] });
  }
  for (const p of entries(policy.allowRead, roots)) {
    const r = real(p);
    if (r !== null && masked.some((m) => within(r, m) && r !== m)) ops.push({ at: r, rank: 3, args: ['--ro-bind', r, r] });
  }
  ops.sort((a, b) => depth(a.at) - depth(b.at) || a.rank - b.rank);
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', ...ops.flatMap((o) => o.args)];
  // A hidden folder is an empty tmpfs: read-only too, so nothing is written where the person said "do not read".
  for (const m of masked) args.push('--remount-ro', m);
  return { args, placeholders: [...new Set(placeholders)], watch };
}
