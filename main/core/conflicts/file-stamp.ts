import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** What a session knows about a file's version: size, mtime and content hash; `null` sha = it did not exist. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  sha256: string | null;
}

export const ABSENT: FileStamp = { size: 0, mtimeMs: 0, sha256: null };

/** Content kept for undo up to this size; larger files are journaled by hash only. */
export const KEEP_CONTENT_MAX = 2 * 1024 * 1024;

/**
 * Files up to this size are read synchronously: reading and hashing them takes a few tens of microseconds, less
 * than the thread-pool round trips of an asynchronous open, read, stat and close. Larger ones are read in chunks
 * without blocking the engine.
 */
export const SYNC_READ_MAX = 64 * 1024;

export interface FileSnapshot {
  stamp: FileStamp;
  /** The bytes, when the file exists, is a regular file and is at most KEEP_CONTENT_MAX. */
  content: Buffer | null;
  /** Exists but is not a regular file (a folder, a device): not stamped, not journaled. */
  special: boolean;
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * A file's content hash is known again without reading it when the file is the same inode with the same size,
 * mtime and ctime as when it was hashed (git's index does the same). The file system stamps times with a coarse
 * clock, so a write right after a hashing could keep the old times: a hash is kept only when the file's last
 * change was at least this long before the reading began. ctime cannot be set back by anyone, so a tool that
 * restores an mtime still shows as a change.
 */
export const SETTLED_MS = 100;
const HASHES_MAX = 4096;

interface Hashed {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  sha256: string;
}

function sameFile(a: Stats, b: Stats | Hashed): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

function statOrNull(abs: string): Stats | null {
  try {
    return statSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    // a permission error, a path through a file: treated as missing
    return null;
  }
}

function stampOf(info: Stats, sha: string): FileStamp {
  return { size: info.size, mtimeMs: info.mtimeMs, sha256: sha };
}

/** Reads a regular file whole; null when it vanished or cannot be read meanwhile. */
async function readWhole(abs: string, info: Stats, keep: boolean): Promise<{ sha: string; content: Buffer | null; after: Stats } | null> {
  if (info.size <= SYNC_READ_MAX) {
    let data: Buffer;
    try {
      data = readFileSync(abs);
    } catch {
      return null;
    }
    const after = statOrNull(abs);
    if (!after) return null;
    return { sha: sha256(data), content: keep ? data : null, after };
  }
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  let fh;
  try {
    fh = await open(abs, 'r');
  } catch {
    return null;
  }
  try {
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      const chunk = buf.subarray(0, bytesRead);
      hash.update(chunk);
      size += bytesRead;
      if (keep && size <= KEEP_CONTENT_MAX) kept.push(Buffer.from(chunk));
    }
    const after = await fh.stat();
    return { sha: hash.digest('hex'), content: keep && size <= KEEP_CONTENT_MAX ? Buffer.concat(kept, size) : null, after };
  } finally {
    await fh.close();
  }
}

/**
 * Files' versions as the conflict checks read them, with the content hashes of files as last read (by absolute path;
 * bounded, least recently used dropped first), so a file unchanged since it was hashed costs one stat. One per
 * conflict engine.
 */
export class FileVersions {
  private readonly hashes = new Map<string, Hashed>();

  /** Reads the file once: its stamp, and its content when small enough to keep for undo. */
  async snapshot(abs: string): Promise<FileSnapshot> {
    const info = statOrNull(abs);
    if (!info) return { stamp: ABSENT, content: null, special: false };
    if (!info.isFile()) return { stamp: { ...ABSENT, size: info.size }, content: null, special: true };
    const startedAt = Date.now();
    const read = await readWhole(abs, info, true);
    if (!read) return { stamp: ABSENT, content: null, special: false };
    this.remember(abs, info, read.after, startedAt, read.sha);
    return { stamp: stampOf(read.after, read.sha), content: read.content, special: false };
  }

  /**
   * The file's stamp, and whether it is special (see FileSnapshot), without keeping its content: a file unchanged
   * since it was last hashed (see SETTLED_MS) costs one stat.
   */
  async versionOf(abs: string): Promise<{ stamp: FileStamp; special: boolean }> {
    const info = statOrNull(abs);
    if (!info) return { stamp: ABSENT, special: false };
    if (!info.isFile()) return { stamp: { ...ABSENT, size: info.size }, special: true };
    const known = this.recall(abs, info);
    if (known !== null) return { stamp: stampOf(info, known), special: false };
    const startedAt = Date.now();
    const read = await readWhole(abs, info, false);
    if (!read) return { stamp: ABSENT, special: false };
    this.remember(abs, info, read.after, startedAt, read.sha);
    return { stamp: stampOf(read.after, read.sha), special: false };
  }

  async stamp(abs: string): Promise<FileStamp> {
    return (await this.versionOf(abs)).stamp;
  }

  private recall(abs: string, info: Stats): string | null {
    const hit = this.hashes.get(abs);
    if (!hit) return null;
    if (!sameFile(info, hit)) {
      this.hashes.delete(abs);
      return null;
    }
    this.hashes.delete(abs);
    this.hashes.set(abs, hit);
    return hit.sha256;
  }

  /** Keeps the hash of a file read between two stats that agree, when its last change was settled before the read. */
  private remember(abs: string, before: Stats, after: Stats, readStartedAt: number, sha: string): void {
    this.hashes.delete(abs);
    if (!sameFile(before, after) || readStartedAt - Math.max(after.mtimeMs, after.ctimeMs) < SETTLED_MS) return;
    this.hashes.set(abs, { dev: after.dev, ino: after.ino, size: after.size, mtimeMs: after.mtimeMs, ctimeMs: after.ctimeMs, sha256: sha });
    if (this.hashes.size > HASHES_MAX) {
      const oldest = this.hashes.keys().next().value;
      if (oldest !== undefined) this.hashes.delete(oldest);
    }
  }
}

/**
 * Whether the file is still the version the session knows. Size and content hash decide; an mtime-only change
 * (a `touch`, an editor saving identical bytes) loses nothing, so it is not treated as a change.
 */
export function sameVersion(known: FileStamp, now: FileStamp): boolean {
  return known.sha256 === now.sha256 && known.size === now.size;
}
