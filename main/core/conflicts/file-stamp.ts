import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';

/** What a session knows about a file's version: size, mtime and content hash; `null` sha = it did not exist. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  sha256: string | null;
}

export const ABSENT: FileStamp = { size: 0, mtimeMs: 0, sha256: null };

/** Content kept for undo up to this size; larger files are journaled by hash only. */
export const KEEP_CONTENT_MAX = 2 * 1024 * 1024;

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

/** Reads the file once: its stamp, and its content when small enough to keep for undo. */
export async function snapshotFile(abs: string): Promise<FileSnapshot> {
  let info;
  try {
    info = await stat(abs);
  } catch {
    return { stamp: ABSENT, content: null, special: false };
  }
  if (!info.isFile()) return { stamp: { ...ABSENT, size: info.size }, content: null, special: true };
  const hash = createHash('sha256');
  const keep: Buffer[] = [];
  let kept = 0;
  let fh;
  try {
    fh = await open(abs, 'r');
  } catch {
    return { stamp: ABSENT, content: null, special: false };
  }
  try {
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      const chunk = buf.subarray(0, bytesRead);
      hash.update(chunk);
      if (kept <= KEEP_CONTENT_MAX) {
        keep.push(Buffer.from(chunk));
        kept += bytesRead;
      }
    }
    const after = await fh.stat();
    return {
      stamp: { size: after.size, mtimeMs: after.mtimeMs, sha256: hash.digest('hex') },
      content: kept <= KEEP_CONTENT_MAX ? Buffer.concat(keep, kept) : null,
      special: false,
    };
  } finally {
    await fh.close();
  }
}

export async function stampFile(abs: string): Promise<FileStamp> {
  return (await snapshotFile(abs)).stamp;
}

/**
 * Whether the file is still the version the session knows. Size and content hash decide; an mtime-only change
 * (a `touch`, an editor saving identical bytes) loses nothing, so it is not treated as a change.
 */
export function sameVersion(known: FileStamp, now: FileStamp): boolean {
  return known.sha256 === now.sha256 && known.size === now.size;
}
