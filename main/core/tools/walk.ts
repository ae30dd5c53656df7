import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from './errors';

/** Folders the search tools skip unless the pattern names them. */
export const DEFAULT_SKIP_DIRS: readonly string[] = ['.git', 'node_modules'];

export interface WalkEntry {
  abs: string;
  /** Path relative to the walk root, with forward slashes. */
  rel: string;
  isDir: boolean;
}

export interface WalkOptions {
  signal?: AbortSignal;
  /** Directory names never entered. */
  skipDirs?: ReadonlySet<string>;
  /** 1 = only the root's own entries. Unlimited when absent. */
  maxDepth?: number;
  /** Stop after visiting this many entries (protects against huge trees). */
  maxEntries?: number;
}

export interface WalkStats {
  visited: number;
  /** True when maxEntries stopped the walk early. */
  stoppedEarly: boolean;
}

const byName = (a: Dirent, b: Dirent): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Depth-first walk in name order. Symlinks are reported but never followed, so cycles are
 * impossible; unreadable folders are skipped.
 */
export async function* walk(root: string, opts: WalkOptions, stats: WalkStats): AsyncGenerator<WalkEntry> {
  const stack: { dir: string; rel: string; depth: number }[] = [{ dir: root, rel: '', depth: 1 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    if (opts.signal?.aborted) throw new ToolError('The search was cancelled.');
    let entries: Dirent[];
    try {
      entries = await readdir(next.dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort(byName);
    const subdirs: { dir: string; rel: string; depth: number }[] = [];
    for (const d of entries) {
      if (opts.maxEntries !== undefined && stats.visited >= opts.maxEntries) {
        stats.stoppedEarly = true;
        return;
      }
      stats.visited++;
      const abs = path.join(next.dir, d.name);
      const rel = next.rel === '' ? d.name : `${next.rel}/${d.name}`;
      const isDir = d.isDirectory();
      if (isDir && opts.skipDirs?.has(d.name)) continue;
      yield { abs, rel, isDir };
      if (isDir && (opts.maxDepth === undefined || next.depth < opts.maxDepth)) {
        subdirs.push({ dir: abs, rel, depth: next.depth + 1 });
      }
    }
    for (let i = subdirs.length - 1; i >= 0; i--) {
      const s = subdirs[i];
      if (s) stack.push(s);
    }
  }
}

/** The default skip set minus any folder the pattern mentions by name (`node_modules/**`, `.git/config`). */
export function skipDirsFor(...patterns: (string | undefined)[]): Set<string> {
  const skip = new Set(DEFAULT_SKIP_DIRS);
  for (const p of patterns) {
    if (!p) continue;
    const segments = p.split(/[\\/]/);
    for (const name of DEFAULT_SKIP_DIRS) if (segments.includes(name)) skip.delete(name);
  }
  return skip;
}
