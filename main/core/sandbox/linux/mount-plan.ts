import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
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
  /** Protected paths that did not exist and got no mount: what the command creates there is removed when it ends. */
  watch: string[];
}

/**
 * What is read while the command still runs and so must not exist even for a moment: Paragents' own settings
 * (another session's next call reads them) and git's folder (another session's git runs its hooks and config).
 */
const HELD_WHILE_RUNNING: ReadonlySet<string> = new Set(['.paragents', '.git']);

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
    if (!HELD_WHILE_RUNNING.has(path.basename(missing))) {
      // Read by other programs only later (an editor's folder, a tool's rc file — and an empty folder in place of
      // `.npmrc` or `.gitmodules` would break the programs that read them): looked for when the command ends, and
      // taken away then. Each mount costs the command time, so only what matters while it runs gets one.
      watch.push(missing);
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
  const seen = new Set<string>();
  const unique = ops.filter((o) => {
    const key = o.args.join('\0');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', ...unique.flatMap((o) => o.args)];
  // A hidden folder is an empty tmpfs: read-only too, so nothing is written where the person said "do not read".
  for (const m of masked) args.push('--remount-ro', m);
  return { args, placeholders: [...new Set(placeholders)], watch: [...new Set(watch)] };
}
