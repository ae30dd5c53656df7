import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ToolError, fsErrorMessage, isErrno } from './errors';
import type { TempFileJournal } from './temp-journal';

export interface AtomicWriteResult {
  /** True when the file did not exist before. */
  created: boolean;
  bytes: number;
  /** The file actually written (the target of a symlink, if `abs` was one). */
  writtenPath: string;
}

const DEFAULT_MODE = 0o666;

/** Where an existing file really lives and its permission bits; null when there is no file yet. */
async function existingTarget(abs: string, shown: string): Promise<{ real: string; mode: number } | null> {
  try {
    const real = await realpath(abs);
    const info = await stat(real);
    if (info.isDirectory()) throw new ToolError(`${shown} is a directory; give a file path instead.`);
    if (!info.isFile()) throw new ToolError(`${shown} is not a regular file; refusing to replace it.`);
    return { real, mode: info.mode & 0o7777 };
  } catch (e) {
    if (e instanceof ToolError) throw e;
    if (isErrno(e, 'ENOENT')) return null;
    throw new ToolError(fsErrorMessage(e, shown));
  }
}

async function fsyncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // Directory fsync is best effort: some file systems refuse it, and the rename already happened.
  }
}

export interface AtomicWriteOptions {
  /** Where the temp file is recorded before it is created, so a restart after a crash can remove it. */
  temps?: TempFileJournal;
}

/**
 * Writes `data` to `abs` so readers see either the old or the new content, never a mix: a temp
 * file in the same folder, fsync, then rename over the target. Keeps an existing file's mode,
 * writes through symlinks and creates missing parent folders. `shown` is the path used in errors.
 */
export async function atomicWriteFile(abs: string, data: string | Uint8Array, shown = abs, opts: AtomicWriteOptions = {}): Promise<AtomicWriteResult> {
  const existing = await existingTarget(abs, shown);
  const target = existing?.real ?? abs;
  const dir = path.dirname(target);
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new ToolError(
      isErrno(e, 'EEXIST') || isErrno(e, 'ENOTDIR')
        ? `Cannot create the folder for ${shown}: a parent path is a file, not a directory.`
        : fsErrorMessage(e, path.dirname(shown)),
    );
  }
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = existing?.mode ?? DEFAULT_MODE;
  // Recorded before it exists: a process killed while it is being filled leaves a name the next start knows.
  const forget = opts.temps?.record(temp) ?? (() => undefined);
  try {
    const fh = await open(temp, 'wx', mode);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    // open() applies the umask; an existing file's bits are restored exactly.
    if (existing) await chmod(temp, existing.mode);
    await rename(temp, target);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    forget();
    if (e instanceof ToolError) throw e;
    throw new ToolError(fsErrorMessage(e, shown));
  }
  forget();
  await fsyncDir(dir);
  return { created: existing === null, bytes: bytes.byteLength, writtenPath: target };
}
