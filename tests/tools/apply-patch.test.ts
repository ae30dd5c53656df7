import { chmod, readFile, readdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPatchTool } from '../../main/core/tools/apply-patch';
import { ctxFor, errorOf, makeWorkspace, okOutput, readText, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const apply = (...lines: string[]) => applyPatchTool.run({ input: lines.join('\n') }, ctxFor(ws.dir));

/** Every file below the workspace with its exact bytes, to show a refused patch changed nothing. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(ws.dir, { recursive: true })) {
    const abs = path.join(ws.dir, name);
    if ((await stat(abs)).isFile()) out[name] = (await readFile(abs)).toString('base64');
  }
  return out;
}

const app = ['import x from "x";', '', 'function a() {', '  return 1;', '}', '', 'function b() {', '  return 1;', '}', ''].join('\n');

describe('apply_patch: applying', () => {
  it('updates with two hunks, adds and deletes in one patch, with a summary and a diff per file', async () => {
    await writeTree(ws.dir, { 'src/app.ts': app, 'old.txt': 'bye\n' });
    const r = await apply(
      '*** Begin Patch',
      '*** Update File: src/app.ts',
      '@@',
      ' function a() {',
      '-  return 1;',
      '+  return 2;',
      ' }',
      '@@',
      ' function b() {',
      '-  return 1;',
      '+  return 3;',
      ' }',
      '*** Add File: docs/new.md',
      '+# New',
      '+',
      '+text',
      '*** Delete File: old.txt',
      '*** End Patch',
    );
    const out = okOutput(r);
    expect(out.split('\n')[0]).toBe('Applied the patch: updated src/app.ts, added docs/new.md, deleted old.txt.');
    expect(out).toContain('--- src/app.ts\n+++ src/app.ts');
    expect(out).toContain('+  return 3;');
    expect(out).toContain('+++ docs/new.md');
    expect(out).toContain('--- old.txt');
    expect(r.ok && r.diff).toContain('+  return 2;');
    expect(await readText(ws.dir, 'src/app.ts')).toBe(app.replace('return 1', 'return 2').replace('return 1', 'return 3'));
    expect(await readText(ws.dir, 'docs/new.md')).toBe('# New\n\ntext\n');
    expect(existsSync(path.join(ws.dir, 'old.txt'))).toBe(false);
  });

  it('moves a file while changing it, keeping its mode', async () => {
    await writeTree(ws.dir, { 'a/run.sh': '#!/bin/sh\necho a\n' });
    await chmod(path.join(ws.dir, 'a/run.sh'), 0o750);
    const out = okOutput(
      await apply('*** Begin Patch', '*** Update File: a/run.sh', '*** Move to: b/go.sh', '@@', '-echo a', '+echo b', '*** End Patch'),
    );
    expect(out.split('\n')[0]).toBe('Applied the patch: moved a/run.sh → b/go.sh.');
    expect(existsSync(path.join(ws.dir, 'a/run.sh'))).toBe(false);
    expect(await readText(ws.dir, 'b/go.sh')).toBe('#!/bin/sh\necho b\n');
    expect((await stat(path.join(ws.dir, 'b/go.sh'))).mode & 0o7777).toBe(0o750);
  });

  it('anchors a hunk after its @@ header line', async () => {
    await writeTree(ws.dir, { 'src/app.ts': app });
    // `return 1;` appears in both functions: the header picks the one in b.
    okOutput(await apply('*** Begin Patch', '*** Update File: src/app.ts', '@@ function b() {', '-  return 1;', '+  return 9;', '*** End Patch'));
    const lines = app.split('\n');
    lines[7] = '  return 9;';
    expect(await readText(ws.dir, 'src/app.ts')).toBe(lines.join('\n'));
  });

  it('refuses a header that is not in the file', async () => {
    await writeTree(ws.dir, { 'src/app.ts': app });
    expect(errorOf(await apply('*** Begin Patch', '*** Update File: src/app.ts', '@@ function c() {', '-  return 1;', '+  return 9;', '*** End Patch'))).toBe(
      'apply_patch: src/app.ts: hunk 1 does not match: could not find the `@@` line `function c() {` in src/app.ts. ' +
        'The patch was not applied; no file was changed.',
    );
  });

  it('anchors an *** End of File hunk at the end of the file', async () => {
    await writeTree(ws.dir, { 'list.txt': 'x\ny\nx\n' });
    okOutput(await apply('*** Begin Patch', '*** Update File: list.txt', '@@', '-x', '+z', '*** End of File', '*** End Patch'));
    expect(await readText(ws.dir, 'list.txt')).toBe('x\ny\nz\n');
    // Without the marker the first `x` is the one replaced.
    okOutput(await apply('*** Begin Patch', '*** Update File: list.txt', '@@', '-x', '+w', '*** End Patch'));
    expect(await readText(ws.dir, 'list.txt')).toBe('w\ny\nz\n');
  });

  it('matches ignoring trailing, then surrounding whitespace, and keeps the new lines as written', async () => {
    await writeTree(ws.dir, { 'a.py': 'def f():  \n    return 1\t\n', 'b.py': 'if x:\n\t\tgo()\n' });
    okOutput(await apply('*** Begin Patch', '*** Update File: a.py', '@@', ' def f():', '-    return 1', '+    return 2', '*** End Patch'));
    expect(await readText(ws.dir, 'a.py')).toBe('def f():  \n    return 2\n');
    okOutput(await apply('*** Begin Patch', '*** Update File: b.py', '@@', ' if x:', '-    go()', '+\t\tstop()', '*** End Patch'));
    expect(await readText(ws.dir, 'b.py')).toBe('if x:\n\t\tstop()\n');
  });

  it('takes what models often write: no first @@, the header repeated as context, blank lines between hunks', async () => {
    await writeTree(ws.dir, { 'f.py': 'import os\n\ndef f():\n  a\n\ndef g():\n  b\n' });
    okOutput(
      await apply(
        '*** Begin Patch',
        '*** Update File: f.py',
        ' import os',
        '+import re',
        '@@ def f():',
        ' def f():',
        '-  a',
        '+  A',
        '',
        '@@ def g():',
        '-  b',
        '+  B',
        ' ',
        '*** End Patch',
      ),
    );
    expect(await readText(ws.dir, 'f.py')).toBe('import os\nimport re\n\ndef f():\n  A\n\ndef g():\n  B\n');
  });

  it('keeps CRLF line endings and a missing final newline', async () => {
    await writeTree(ws.dir, { 'win.txt': 'one\r\ntwo\r\nthree\r\n', 'bare.txt': 'a\nb' });
    okOutput(await apply('*** Begin Patch', '*** Update File: win.txt', '@@', ' one', '-two', '+2', '+2b', '*** Update File: bare.txt', '@@', '-b', '+c', '*** End Patch'));
    expect(await readText(ws.dir, 'win.txt')).toBe('one\r\n2\r\n2b\r\nthree\r\n');
    expect(await readText(ws.dir, 'bare.txt')).toBe('a\nc');
  });
});

describe('apply_patch: refusing', () => {
  it('refuses the whole patch when a hunk of the 3rd file does not match, naming the file and the differing line', async () => {
    const c = ['alpha', 'beta', 'gamma', 'delta', ''].join('\n');
    await writeTree(ws.dir, { 'a.txt': 'a1\na2\n', 'b.txt': 'b1\n', 'src/c.txt': c });
    const before = await snapshot();
    const e = errorOf(
      await apply(
        '*** Begin Patch',
        '*** Update File: a.txt',
        '@@',
        '-a1',
        '+A1',
        '*** Delete File: b.txt',
        '*** Update File: src/c.txt',
        '@@',
        ' alpha',
        '-beta',
        '+BETA',
        '@@',
        ' gamma',
        ' epsilon',
        '-delta',
        '*** End Patch',
      ),
    );
    expect(e).toBe(
      'apply_patch: src/c.txt: hunk 2 does not match: expected line 4 to be `epsilon` but it is `delta`. ' +
        'The patch was not applied; no file was changed.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('says when the first line of a hunk is nowhere in the file', async () => {
    await writeTree(ws.dir, { 'a.txt': 'one\ntwo\n' });
    expect(errorOf(await apply('*** Begin Patch', '*** Update File: a.txt', '@@', ' one', '-two', '+2', '@@', '-zzz', '+y', '*** End Patch'))).toBe(
      'apply_patch: a.txt: hunk 2 does not match: could not find `zzz` in a.txt after line 2. The patch was not applied; no file was changed.',
    );
  });

  it('refuses adding a file that exists and updating or deleting one that does not', async () => {
    await writeTree(ws.dir, { 'here.txt': 'x\n' });
    const before = await snapshot();
    expect(errorOf(await apply('*** Begin Patch', '*** Add File: here.txt', '+y', '*** End Patch'))).toBe(
      'apply_patch: here.txt already exists; use `*** Update File: ` to change it.',
    );
    expect(errorOf(await apply('*** Begin Patch', '*** Add File: n.txt', '+y', '*** Update File: gone.txt', '@@', '-a', '+b', '*** End Patch'))).toBe(
      'apply_patch: gone.txt does not exist; use `*** Add File: ` to create it.',
    );
    expect(errorOf(await apply('*** Begin Patch', '*** Delete File: gone.txt', '*** End Patch'))).toBe(
      'apply_patch: gone.txt does not exist; use `*** Add File: ` to create it.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('restores the files already written when a later write fails', async () => {
    // `blocker` is a file, so `blocker/new.txt` cannot be created: the failure comes after a.txt was written.
    await writeTree(ws.dir, { 'a.txt': 'old\n', 'blocker': 'file\n', 'gone.txt': 'keep\n' });
    const before = await snapshot();
    const e = errorOf(
      await apply('*** Begin Patch', '*** Update File: a.txt', '@@', '-old', '+new', '*** Add File: blocker/new.txt', '+x', '*** Delete File: gone.txt', '*** End Patch'),
    );
    expect(e).toBe(
      'apply_patch: writing blocker/new.txt failed: A parent of blocker/new.txt is a file, not a directory. ' +
        'The patch was not applied; the files already changed were put back as they were.',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses adding a file where a directory is, before writing anything', async () => {
    await writeTree(ws.dir, { 'a.txt': 'old\n', 'new.txt/inner': 'x' });
    const before = await snapshot();
    const e = errorOf(await apply('*** Begin Patch', '*** Update File: a.txt', '@@', '-old', '+new', '*** Add File: new.txt', '+x', '*** End Patch'));
    expect(e).toBe('apply_patch: new.txt already exists; use `*** Update File: ` to change it.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('apply_patch: parse errors', () => {
  const parseError = async (...lines: string[]) => errorOf(await apply(...lines));

  it('names the line and what was expected', async () => {
    expect(await parseError('*** Update File: a.txt', '*** End Patch')).toBe(
      'apply_patch: line 1 must be `*** Begin Patch`, but it is `*** Update File: a.txt`.',
    );
    expect(await parseError('*** Begin Patch', '*** Add File: a.txt', '+x')).toBe(
      'apply_patch: the patch ends at line 3 without `*** End Patch`; end it with that line.',
    );
    expect(await parseError('*** Begin Patch', '*** Modify File: a.txt', '*** End Patch')).toBe(
      'apply_patch: line 2: expected `*** Add File: `, `*** Delete File: `, `*** Update File: ` or `*** End Patch`, but it is `*** Modify File: a.txt`.',
    );
    expect(await parseError('*** Begin Patch', '*** Add File: a.txt', '+ok', 'no plus', '*** End Patch')).toBe(
      'apply_patch: line 4: every line of an added file must start with `+`, but it is `no plus`.',
    );
    expect(await parseError('*** Begin Patch', '*** Update File: a.txt', '@@', '-a', '?b', '*** End Patch')).toBe(
      'apply_patch: line 5: expected a hunk line starting with ` ` (context), `-` (removed) or `+` (added), an `@@` line or a `*** ` header, but it is `?b`.',
    );
    expect(await parseError('*** Begin Patch', '*** Update File: a.txt', '*** End Patch')).toBe(
      'apply_patch: line 2: `*** Update File: a.txt` has no hunk; add `@@` and the lines to change.',
    );
    expect(await parseError('*** Begin Patch', '*** Delete File: a.txt', '*** End Patch', 'more')).toBe(
      'apply_patch: line 4: nothing may follow `*** End Patch`, but it is `more`.',
    );
  });
});

describe('apply_patch: effects', () => {
  const place = { workspace: '/w', home: '/home/u' };
  it('declares one write per file: whole-content for added files and move targets, edits otherwise', () => {
    const input = [
      '*** Begin Patch',
      '*** Add File: n.txt',
      '+x',
      '*** Delete File: d.txt',
      '*** Update File: u.txt',
      '@@',
      '-a',
      '+b',
      '*** Update File: src/m.ts',
      '*** Move to: lib/m.ts',
      '@@',
      '-a',
      '+b',
      '*** End Patch',
    ].join('\n');
    expect(applyPatchTool.effects({ input }, place)).toEqual([
      { kind: 'write', path: '/w/n.txt', given: 'n.txt', edit: false },
      { kind: 'write', path: '/w/d.txt', given: 'd.txt', edit: true },
      { kind: 'write', path: '/w/u.txt', given: 'u.txt', edit: true },
      { kind: 'write', path: '/w/src/m.ts', given: 'src/m.ts', edit: true },
      { kind: 'write', path: '/w/lib/m.ts', given: 'lib/m.ts', edit: false },
    ]);
  });

  it('declares an opaque call for a patch that does not parse', () => {
    expect(applyPatchTool.effects({ input: 'not a patch' }, place)).toEqual([{ kind: 'opaque', tool: 'apply_patch' }]);
  });
});
