import { chmod, mkdir, readdir, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWriteFile } from '../../main/core/tools/atomic-write';
import { writeTool } from '../../main/core/tools/write';
import { ctxFor, errorOf, makeWorkspace, okOutput, readText, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const write = (p: string, content: string) => writeTool.run({ path: p, content }, ctxFor(ws.dir));

describe('Write', () => {
  it('creates files and parent folders, then reports overwrites with byte counts', async () => {
    expect(okOutput(await write('deep/er/a.txt', 'héllo'))).toBe('Created deep/er/a.txt (6 bytes).');
    expect(await readText(ws.dir, 'deep/er/a.txt')).toBe('héllo');
    expect(okOutput(await write('deep/er/a.txt', 'bye'))).toBe('Overwrote deep/er/a.txt (3 bytes).');
    expect(await readText(ws.dir, 'deep/er/a.txt')).toBe('bye');
  });

  it('keeps the mode of an existing file and leaves no temp files', async () => {
    await writeTree(ws.dir, { 'run.sh': 'echo old\n', 'secret.txt': 'x' });
    await chmod(path.join(ws.dir, 'run.sh'), 0o751);
    await chmod(path.join(ws.dir, 'secret.txt'), 0o600);
    okOutput(await write('run.sh', 'echo new\n'));
    okOutput(await write('secret.txt', 'y'));
    expect((await stat(path.join(ws.dir, 'run.sh'))).mode & 0o7777).toBe(0o751);
    expect((await stat(path.join(ws.dir, 'secret.txt'))).mode & 0o7777).toBe(0o600);
    expect((await readdir(ws.dir)).sort()).toEqual(['run.sh', 'secret.txt']);
  });

  it('writes through a symlink instead of replacing it', async () => {
    await writeTree(ws.dir, { 'real.txt': 'old' });
    await symlink('real.txt', path.join(ws.dir, 'link.txt'));
    okOutput(await write('link.txt', 'new'));
    expect(await readText(ws.dir, 'real.txt')).toBe('new');
    expect((await readdir(ws.dir)).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('gives clear errors for directories and file parents, leaving nothing behind', async () => {
    await mkdir(path.join(ws.dir, 'dir'));
    await writeTree(ws.dir, { 'file.txt': 'x' });
    expect(errorOf(await write('dir', 'x'))).toBe('dir is a directory; give a file path instead.');
    expect(errorOf(await write('file.txt/child.txt', 'x'))).toMatch(/parent .*is a file, not a directory/);
    expect((await readdir(ws.dir)).sort()).toEqual(['dir', 'file.txt']);
    expect(await readdir(path.join(ws.dir, 'dir'))).toEqual([]);
  });

  it('atomicWriteFile refuses a directory target and reports created/bytes', async () => {
    await writeTree(ws.dir, { 'target/inner.txt': 'x' });
    await expect(atomicWriteFile(path.join(ws.dir, 'target'), 'data', 'target')).rejects.toThrow(/target is a directory/);
    const r = await atomicWriteFile(path.join(ws.dir, 'n.bin'), new Uint8Array([1, 2, 3]));
    expect(r).toEqual({ created: true, bytes: 3, writtenPath: path.join(ws.dir, 'n.bin') });
    expect((await readdir(ws.dir)).sort()).toEqual(['n.bin', 'target']);
  });

  it('declares a whole-content write of the resolved path', () => {
    expect(writeTool.effects({ path: 'a/../b.txt', content: '' }, { workspace: '/w', home: '/home/u' })).toEqual([
      { kind: 'write', path: '/w/b.txt', given: 'a/../b.txt', edit: false },
    ]);
  });
});
