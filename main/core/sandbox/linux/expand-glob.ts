import { readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/** How far below a root a glob is followed, and how many entries it may visit: a glob in a list must stay cheap. */
const MAX_DEPTH = 6;
const MAX_ENTRIES = 20_000;
/** Folders no glob of a list is about, and which are large. */
const SKIP = new Set(['node_modules', '.git']);

/** The paths below `root` (files and folders) that an absolute glob matches now. */
export function expandGlob(glob: string, root: string): string[] {
  const isMatch = picomatch(glob.replace(/\/\*\*$/, ''), { dot: true });
  const out: string[] = [];
  let seen = 0;
  const walk = (dir: string, level: number): void => {
    if (level > MAX_DEPTH || seen > MAX_ENTRIES) return;
    let names: import('node:fs').Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names) {
      if (++seen > MAX_ENTRIES) return;
      const p = path.join(dir, d.name);
      if (isMatch(p)) out.push(p);
      if (d.isDirectory() && !SKIP.has(d.name)) walk(p, level + 1);
    }
  };
  walk(root, 0);
  return out;
}
