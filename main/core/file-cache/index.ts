import { statSync, type Stats } from 'node:fs';

/**
 * A file's times are stamped with a coarse clock, so a write right after a reading can leave them as they were:
 * a value read from a file is kept only when the file's last change was at least this long before the reading.
 */
export const SETTLED_MS = 100;

/** What identifies a version of a file without reading it: inode, size, mtime, ctime (ctime cannot be set back). */
export function fileVersionKey(info: Stats | undefined): string {
  return info ? `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}` : 'missing';
}

function statQuietly(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    // a permission error, a path through a file: as good as missing for a reader
    return undefined;
  }
}

/**
 * Values computed from files (settings, config, instructions), each kept while its file is the same version, so
 * a file read at every step costs one stat instead of a read and a parse. The file stays the only truth: a
 * changed, replaced, created or removed file is read again on the next call. Bounded; least recently used first.
 */
export class FileCache<T> {
  private readonly entries = new Map<string, { key: string; value: T }>();

  constructor(private readonly max = 256) {}

  /** The value of `path` as `compute` reads it now, or as it read it from this same version of the file. */
  get(path: string, compute: () => T): T {
    const info = statQuietly(path);
    const key = fileVersionKey(info);
    const hit = this.entries.get(path);
    this.entries.delete(path);
    if (hit && hit.key === key) {
      this.entries.set(path, hit);
      return hit.value;
    }
    const startedAt = Date.now();
    const value = compute();
    const settled = info === undefined || startedAt - Math.max(info.mtimeMs, info.ctimeMs) >= SETTLED_MS;
    if (settled) {
      this.entries.set(path, { key, value });
      if (this.entries.size > this.max) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
