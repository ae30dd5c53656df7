import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTool } from '../../main/core/tools/read';
import { ctxFor, errorOf, makeWorkspace, okOutput, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const read = (input: { path: string; offset?: number; limit?: number }) => readTool.run(input, ctxFor(ws.dir));
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('Read', () => {
  it('numbers lines like cat -n', async () => {
    await writeTree(ws.dir, { 'a.txt': 'alpha\nbeta\r\ngamma' });
    expect(okOutput(await read({ path: 'a.txt' }))).toBe('     1\talpha\n     2\tbeta\n     3\tgamma');
  });

  it('honours offset (0-based) and limit, and says how to read more', async () => {
    await writeTree(ws.dir, { 'a.txt': numbered(10) });
    const out = okOutput(await read({ path: 'a.txt', offset: 3, limit: 2 }));
    expect(out).toBe('     4\tline 4\n     5\tline 5\n… 5 more lines; call Read with offset=5 to continue.');
  });

  it('caps at 2000 lines with a note naming the next offset', async () => {
    await writeTree(ws.dir, { 'big.txt': numbered(3234) });
    const r = await read({ path: 'big.txt' });
    const lines = okOutput(r).split('\n');
    expect(lines).toHaveLength(2001);
    expect(lines[1999]).toBe('  2000\tline 2000');
    expect(lines[2000]).toBe('… 1234 more lines; call Read with offset=2000 to continue.');
    expect(r.ok && r.truncated).toBe(true);
    const rest = okOutput(await read({ path: 'big.txt', offset: 2000 })).split('\n');
    expect(rest).toHaveLength(1234);
    expect(rest.at(-1)).toBe('  3234\tline 3234');
  });

  it('caps a call at 256 KiB', async () => {
    const line = 'x'.repeat(1000);
    await writeTree(ws.dir, { 'wide.txt': Array.from({ length: 1000 }, () => line).join('\n') });
    const out = okOutput(await read({ path: 'wide.txt' }));
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(256 * 1024 + 200);
    const shown = out.split('\n').length - 1;
    expect(shown).toBeGreaterThan(200);
    expect(shown).toBeLessThan(300);
    expect(out).toMatch(new RegExp(`… ${1000 - shown} more lines; call Read with offset=${shown} to continue\\.$`));
  });

  it('cuts lines longer than 2000 characters and says so', async () => {
    await writeTree(ws.dir, { 'long.txt': `${'é'.repeat(5000)}\nshort\n` });
    const out = okOutput(await read({ path: 'long.txt' }));
    const first = out.split('\n')[0] ?? '';
    expect(first.startsWith(`     1\t${'é'.repeat(2000)} …`)).toBe(true);
    expect(first).not.toContain('é'.repeat(2001));
    expect(out).toContain('1 line(s) longer than 2000 characters were cut.');
    expect(out).toContain('     2\tshort');
  });

  it('refuses binary files', async () => {
    await writeTree(ws.dir, { 'img.bin': Buffer.from([0x89, 0x50, 0x00, 0x01, 0x0a]) });
    expect(errorOf(await read({ path: 'img.bin' }))).toMatch(/img\.bin looks like a binary file/);
  });

  it('refuses directories and points to LS', async () => {
    await mkdir(path.join(ws.dir, 'src'));
    expect(errorOf(await read({ path: 'src' }))).toBe('src is a directory, not a file; use LS to list it.');
  });

  it('explains missing files, empty files and offsets past the end', async () => {
    expect(errorOf(await read({ path: 'nope.txt' }))).toBe('nope.txt does not exist.');
    await writeTree(ws.dir, { 'empty.txt': '', 'three.txt': 'a\nb\nc\n' });
    expect(okOutput(await read({ path: 'empty.txt' }))).toBe('(empty.txt is empty)');
    expect(errorOf(await read({ path: 'three.txt', offset: 3 }))).toMatch(/offset 3 is past the end of three\.txt, which has 3 lines/);
  });

  it('declares a read of the resolved path, keeping the path as given', () => {
    expect(readTool.effects({ path: 'src/../src/a.ts' }, { workspace: '/w', home: '/home/u' })).toEqual([
      { kind: 'read', path: '/w/src/a.ts', given: 'src/../src/a.ts' },
    ]);
  });
});
