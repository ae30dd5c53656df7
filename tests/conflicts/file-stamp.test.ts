import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileVersions, SETTLED_MS, sha256, SYNC_READ_MAX } from '../../main/core/conflicts/file-stamp';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let files: FileVersions;
beforeEach(() => {
  files = new FileVersions();
});
afterEach(() => cleanupTempDirs());

/** Past the window in which the file system's coarse clock could give a later write the same times. */
/** A whole second an hour ago: times the file system keeps exactly, so a file's mtime can be put back as it was. */
const PAST = Math.floor(Date.now() / 1000) - 3600;
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLED_MS + 50));

describe('file stamps', () => {
  it('hash what is on disk, small files and large ones alike', async () => {
    const dir = tempDir();
    const small = join(dir, 'small.txt');
    const large = join(dir, 'large.bin');
    writeFileSync(small, 'hello\n');
    const big = Buffer.alloc(SYNC_READ_MAX * 3 + 17, 7);
    writeFileSync(large, big);
    expect(await files.stamp(small)).toMatchObject({ size: 6, sha256: sha256(Buffer.from('hello\n')) });
    const snap = await files.snapshot(large);
    expect(snap.stamp).toMatchObject({ size: big.length, sha256: sha256(big) });
    expect(snap.content?.equals(big)).toBe(true);
    expect(await files.versionOf(join(dir, 'missing'))).toEqual({ stamp: { size: 0, mtimeMs: 0, sha256: null }, special: false });
    expect((await files.versionOf(dir)).special).toBe(true);
  });

  it('see a change of content that kept the size and the mtime (the ctime moved)', async () => {
    const file = join(tempDir(), 'a.txt');
    writeFileSync(file, 'version one\n');
    utimesSync(file, PAST, PAST);
    await settle();
    const first = await files.stamp(file);
    expect(await files.stamp(file)).toEqual(first);
    writeFileSync(file, 'version two\n');
    utimesSync(file, PAST, PAST);
    expect(statSync(file).mtimeMs).toBe(first.mtimeMs);
    expect((await files.stamp(file)).sha256).toBe(sha256(Buffer.from('version two\n')));
  });

  it('see a file replaced by another with the same size and mtime', async () => {
    const dir = tempDir();
    const file = join(dir, 'a.txt');
    const other = join(dir, 'b.txt');
    writeFileSync(file, 'aaaa\n');
    writeFileSync(other, 'bbbb\n');
    utimesSync(file, PAST, PAST);
    utimesSync(other, PAST, PAST);
    await settle();
    expect((await files.stamp(file)).sha256).toBe(sha256(Buffer.from('aaaa\n')));
    renameSync(other, file);
    expect((await files.stamp(file)).sha256).toBe(sha256(Buffer.from('bbbb\n')));
  });

  it('read a file again that changed right after it was hashed', async () => {
    const file = join(tempDir(), 'fresh.txt');
    writeFileSync(file, 'first\n');
    expect((await files.stamp(file)).sha256).toBe(sha256(Buffer.from('first\n')));
    writeFileSync(file, 'other\n');
    expect((await files.stamp(file)).sha256).toBe(sha256(Buffer.from('other\n')));
  });
});
