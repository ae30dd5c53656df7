import { chmod, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { multiEditTool } from '../../main/core/tools/multi-edit';
import { ctxFor, errorOf, makeWorkspace, okOutput, readText, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

type OneEdit = { old_string: string; new_string: string; replace_all?: boolean };
const multiEdit = (p: string, edits: OneEdit[]) => multiEditTool.run({ path: p, edits }, ctxFor(ws.dir));

const source = ['const a = 1;', 'const b = 1;', 'log(a, b);', ''].join('\n');

describe('MultiEdit', () => {
  it('applies the edits in order, each to the result of the previous, with a diff', async () => {
    await writeTree(ws.dir, { 'src/x.ts': source });
    const r = await multiEdit('src/x.ts', [
      { old_string: 'const a = 1;', new_string: 'const first = 1;' },
      // Only exists once the first edit has run.
      { old_string: 'first = 1', new_string: 'first = 2' },
      { old_string: 'log(a, b)', new_string: 'log(first, b)' },
    ]);
    const out = okOutput(r);
    expect(out.split('\n')[0]).toBe('Edited src/x.ts: 3 edits, 3 replacements.');
    expect(out).toContain('--- src/x.ts\n+++ src/x.ts');
    expect(r.ok && r.diff).toContain('+const first = 2;');
    expect(await readText(ws.dir, 'src/x.ts')).toBe(['const first = 2;', 'const b = 1;', 'log(first, b);', ''].join('\n'));
  });

  it('writes nothing when a later edit is not found, naming its index', async () => {
    await writeTree(ws.dir, { 'src/x.ts': source });
    const e = errorOf(
      await multiEdit('src/x.ts', [
        { old_string: 'const a', new_string: 'let a' },
        { old_string: 'const c', new_string: 'let c' },
      ]),
    );
    expect(e).toBe(
      'edit 2 (applied after edit 1): old_string was not found in src/x.ts. Copy the exact text, including whitespace, ' +
        'as the earlier edits leave it. No edit was applied.',
    );
    expect(await readText(ws.dir, 'src/x.ts')).toBe(source);
  });

  it('writes nothing when an edit is ambiguous without replace_all, and replaces all with it', async () => {
    await writeTree(ws.dir, { 'src/x.ts': source });
    const e = errorOf(await multiEdit('src/x.ts', [{ old_string: '= 1;', new_string: '= 5;' }]));
    expect(e).toBe(
      'edit 1: old_string appears 2 times in src/x.ts; add surrounding lines to make it unique, or set replace_all to ' +
        'replace every occurrence. No edit was applied.',
    );
    expect(await readText(ws.dir, 'src/x.ts')).toBe(source);
    const out = okOutput(
      await multiEdit('src/x.ts', [
        { old_string: '= 1;', new_string: '= 5;', replace_all: true },
        { old_string: 'log', new_string: 'print' },
      ]),
    );
    expect(out.split('\n')[0]).toBe('Edited src/x.ts: 2 edits, 3 replacements.');
    expect(await readText(ws.dir, 'src/x.ts')).toBe(['const a = 5;', 'const b = 5;', 'print(a, b);', ''].join('\n'));
  });

  it('refuses identical strings, missing files and edits that undo each other', async () => {
    await writeTree(ws.dir, { 'a.txt': 'abc\n' });
    expect(errorOf(await multiEdit('a.txt', [{ old_string: 'b', new_string: 'b' }]))).toMatch(/^edit 1: old_string and new_string are identical/);
    expect(errorOf(await multiEdit('new.txt', [{ old_string: 'b', new_string: 'c' }]))).toBe('new.txt does not exist; use Write to create a new file.');
    expect(
      errorOf(
        await multiEdit('a.txt', [
          { old_string: 'b', new_string: 'x' },
          { old_string: 'x', new_string: 'b' },
        ]),
      ),
    ).toBe('The edits leave a.txt as it was, so nothing was written.');
    expect(await readText(ws.dir, 'a.txt')).toBe('abc\n');
  });

  it('writes atomically: keeps the mode, leaves no temp files, keeps replacements literal', async () => {
    await writeTree(ws.dir, { 'run.sh': '#!/bin/sh\necho A\n' });
    await chmod(path.join(ws.dir, 'run.sh'), 0o700);
    okOutput(await multiEdit('run.sh', [{ old_string: 'A', new_string: "$& $1" }]));
    expect(await readText(ws.dir, 'run.sh')).toBe('#!/bin/sh\necho $& $1\n');
    expect((await stat(path.join(ws.dir, 'run.sh'))).mode & 0o7777).toBe(0o700);
    expect(await readdir(ws.dir)).toEqual(['run.sh']);
  });

  it('declares one edit of the resolved path', () => {
    expect(multiEditTool.effects({ path: 'x.ts', edits: [{ old_string: 'a', new_string: 'b' }] }, { workspace: '/w', home: '/home/u' })).toEqual([
      { kind: 'write', path: '/w/x.ts', given: 'x.ts', edit: true },
    ]);
  });
});
