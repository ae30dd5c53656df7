import { chmod, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editTool } from '../../main/core/tools/edit';
import { ctxFor, errorOf, makeWorkspace, okOutput, readText, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const edit = (input: { path: string; old_string: string; new_string: string; replace_all?: boolean }) =>
  editTool.run(input, ctxFor(ws.dir));

const source = ['import x from "x";', '', 'function a() {', '  return 1;', '}', '', 'function b() {', '  return 1;', '}', ''].join('\n');

describe('Edit', () => {
  it('replaces a unique string and shows a unified diff of the region', async () => {
    await writeTree(ws.dir, { 'src/a.ts': source });
    const r = await edit({ path: 'src/a.ts', old_string: 'function a() {\n  return 1;', new_string: 'function a() {\n  return 2;' });
    const out = okOutput(r);
    expect(out.split('\n')[0]).toBe('Edited src/a.ts: 1 replacement.');
    expect(out).toContain('--- src/a.ts\n+++ src/a.ts\n@@ -1,7 +1,7 @@');
    expect(out).toContain('-  return 1;\n+  return 2;');
    expect(r.ok && r.diff).toContain('+  return 2;');
    expect(await readText(ws.dir, 'src/a.ts')).toBe(source.replace('return 1', 'return 2'));
  });

  it('refuses an ambiguous old_string, naming the count and lines', async () => {
    await writeTree(ws.dir, { 'src/a.ts': source });
    const e = errorOf(await edit({ path: 'src/a.ts', old_string: 'return 1;', new_string: 'return 3;' }));
    expect(e).toBe(
      'old_string appears 2 times in src/a.ts (lines 4, 8); add surrounding lines to make it unique, or set replace_all to replace every occurrence.',
    );
    expect(await readText(ws.dir, 'src/a.ts')).toBe(source);
  });

  it('replaces every occurrence with replace_all and counts them', async () => {
    await writeTree(ws.dir, { 'src/a.ts': source });
    const out = okOutput(await edit({ path: 'src/a.ts', old_string: 'return 1;', new_string: 'return 3;', replace_all: true }));
    expect(out.split('\n')[0]).toBe('Edited src/a.ts: 2 replacements.');
    expect(await readText(ws.dir, 'src/a.ts')).toBe(source.replaceAll('return 1;', 'return 3;'));
  });

  it('explains a missing old_string, with whitespace and CRLF hints', async () => {
    await writeTree(ws.dir, { 'a.txt': 'one\r\ntwo\r\n', 'b.py': 'def f():\n    pass\n' });
    expect(errorOf(await edit({ path: 'a.txt', old_string: 'three', new_string: 'x' }))).toMatch(
      /^old_string was not found in a\.txt\. Read the file/,
    );
    expect(errorOf(await edit({ path: 'a.txt', old_string: 'one\ntwo', new_string: 'x' }))).toMatch(/CRLF/);
    expect(errorOf(await edit({ path: 'b.py', old_string: 'def f():\n  pass', new_string: 'x' }))).toMatch(/apart from whitespace/);
  });

  it('rejects identical strings, missing files, directories and binary files', async () => {
    await writeTree(ws.dir, { 'a.txt': 'abc', 'bin.dat': Buffer.from([97, 0, 98]) });
    expect(errorOf(await edit({ path: 'a.txt', old_string: 'b', new_string: 'b' }))).toMatch(/identical/);
    expect(errorOf(await edit({ path: 'new.txt', old_string: 'b', new_string: 'c' }))).toBe(
      'new.txt does not exist; use Write to create a new file.',
    );
    expect(errorOf(await edit({ path: '.', old_string: 'b', new_string: 'c' }))).toMatch(/is a directory/);
    expect(errorOf(await edit({ path: 'bin.dat', old_string: 'a', new_string: 'c' }))).toMatch(/binary/);
  });

  it('keeps replacement text literal (no $& expansion)', async () => {
    await writeTree(ws.dir, { 'a.txt': 'price: X\n' });
    okOutput(await edit({ path: 'a.txt', old_string: 'X', new_string: "$& $$ $' $1" }));
    expect(await readText(ws.dir, 'a.txt')).toBe("price: $& $$ $' $1\n");
  });

  it('writes atomically: keeps the mode and leaves no temp files', async () => {
    await writeTree(ws.dir, { 'run.sh': '#!/bin/sh\necho a\n' });
    await chmod(path.join(ws.dir, 'run.sh'), 0o700);
    okOutput(await edit({ path: 'run.sh', old_string: 'echo a', new_string: 'echo b' }));
    expect((await stat(path.join(ws.dir, 'run.sh'))).mode & 0o7777).toBe(0o700);
    expect(await readdir(ws.dir)).toEqual(['run.sh']);
  });

  it('caps the diff for large changes', async () => {
    const big = Array.from({ length: 300 }, (_, i) => `v${i} = 1`).join('\n');
    await writeTree(ws.dir, { 'big.txt': big });
    const r = await edit({ path: 'big.txt', old_string: '= 1', new_string: '= 2', replace_all: true });
    const out = okOutput(r);
    expect(out.split('\n')[0]).toBe('Edited big.txt: 300 replacements.');
    expect(out).toMatch(/… 520 more diff lines not shown$/);
  });

  it('declares an edit (a change of part of the content) of the resolved path', () => {
    expect(editTool.effects({ path: 'x.ts', old_string: 'a', new_string: 'b' }, { workspace: '/w', home: '/home/u' })).toEqual([
      { kind: 'write', path: '/w/x.ts', given: 'x.ts', edit: true },
    ]);
  });
});
