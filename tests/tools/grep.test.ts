import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { grepTool } from '../../main/core/tools/grep';
import type { GrepInput } from '../../shared/tools';
import { ctxFor, errorOf, makeWorkspace, okOutput, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const grep = (input: z.infer<typeof GrepInput>) => grepTool.run(input, ctxFor(ws.dir));
const rows = async (input: z.infer<typeof GrepInput>) => okOutput(await grep(input)).split('\n');

/** Bare rg in the workspace, its output lines sorted (rg's parallel walk has no fixed order). */
function bareRg(args: string[]): string[] {
  try {
    return execFileSync('rg', ['--no-config', ...args], { cwd: ws.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split('\n').filter(Boolean).sort();
  } catch (e) {
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
}

describe('Grep', () => {
  it('prints relpath:line:text for each matching line', async () => {
    await writeTree(ws.dir, {
      'a.ts': 'const x = 1;\nfunction foo() {}\n',
      'src/b.ts': 'let y;\r\nfoo();\n',
    });
    expect(await rows({ pattern: 'foo\\(' })).toEqual(['a.ts:2:function foo() {}', 'src/b.ts:2:foo();']);
    expect(okOutput(await grep({ pattern: '^let', path: 'src' }))).toBe('b.ts:1:let y;');
    expect(okOutput(await grep({ pattern: 'const', path: 'a.ts' }))).toBe('a.ts:1:const x = 1;');
  });

  it('gives the same lines as rg run directly', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`d${i % 5}/sub${i % 3}/f${i}.txt`] = `alpha ${i}\nbeta\nalpha beta ${i * 7}\n`;
    await writeTree(ws.dir, files);
    expect((await rows({ pattern: 'alpha.*[0-9]{2}' })).sort()).toEqual(bareRg(['-n', '--no-heading', 'alpha.*[0-9]{2}']));
  });

  it('explains an invalid regex with rg’s own reason', async () => {
    expect(errorOf(await grep({ pattern: 'foo(' }))).toMatch(
      /^The pattern is not a valid regular expression \(unclosed group\)\. Escape special characters/,
    );
    expect(errorOf(await grep({ pattern: '(?<=a)b' }))).toMatch(/look-around.*rewrite the pattern without them\.$/);
  });

  it('filters by glob: by file name without a slash, by path with one', async () => {
    await writeTree(ws.dir, { 'a.ts': 'hit', 'a.js': 'hit', 'src/c.ts': 'hit', 'lib/d.ts': 'hit', 'src/deep/e.js': 'hit' });
    expect(await rows({ pattern: 'hit', glob: '*.ts' })).toEqual(['a.ts:1:hit', 'lib/d.ts:1:hit', 'src/c.ts:1:hit']);
    expect(okOutput(await grep({ pattern: 'hit', glob: 'src/**/*.ts' }))).toBe('src/c.ts:1:hit');
    expect(okOutput(await grep({ pattern: 'hit', glob: 'src/**' }))).toBe('src/c.ts:1:hit\nsrc/deep/e.js:1:hit');
    expect(okOutput(await grep({ pattern: 'hit', glob: 'nope/**' }))).toBe('No matches for /hit/ in . (files matching "nope/**").');
  });

  it('skips binary files, .git and node_modules', async () => {
    await writeTree(ws.dir, {
      'ok.txt': 'needle',
      'blob.bin': Buffer.concat([Buffer.from('needle'), Buffer.from([0, 1, 2])]),
      '.git/config': 'needle',
      'node_modules/x/index.js': 'needle',
    });
    expect(okOutput(await grep({ pattern: 'needle' }))).toBe('ok.txt:1:needle');
    expect(okOutput(await grep({ pattern: 'needle', path: 'node_modules' }))).toBe('x/index.js:1:needle');
    expect(errorOf(await grep({ pattern: 'needle', path: 'blob.bin' }))).toBe('blob.bin looks like a binary file; Grep only searches text.');
  });

  it('honours .gitignore outside a git repository, .ignore and hidden files; includeIgnored searches them', async () => {
    await writeTree(ws.dir, {
      '.gitignore': 'dist/\n*.log\n',
      '.ignore': 'secret.txt\n',
      'src/a.ts': 'needle',
      'dist/out.js': 'needle',
      'debug.log': 'needle',
      'secret.txt': 'needle',
      '.env': 'needle',
      '.config/x.ts': 'needle',
      '.top.ts': 'needle',
    });
    expect(await rows({ pattern: 'needle' })).toEqual(['src/a.ts:1:needle']);
    // rg's own --type would bring .top.ts back; hidden stays hidden.
    expect(await rows({ pattern: 'needle', type: 'ts' })).toEqual(['src/a.ts:1:needle']);
    // A glob that names a dot-file asks for it.
    expect(await rows({ pattern: 'needle', glob: '.env' })).toEqual(['.env:1:needle']);
    // A glob narrows the search but does not bring ignored files back, unlike rg's own -g.
    expect(await rows({ pattern: 'needle', glob: '*.{ts,txt,log}' })).toEqual(['src/a.ts:1:needle']);
    expect(await rows({ pattern: 'needle', includeIgnored: true })).toEqual([
      '.config/x.ts:1:needle',
      '.env:1:needle',
      '.top.ts:1:needle',
      'debug.log:1:needle',
      'dist/out.js:1:needle',
      'secret.txt:1:needle',
      'src/a.ts:1:needle',
    ]);
    expect((await rows({ pattern: 'needle' })).sort()).toEqual(bareRg(['--no-require-git', '-n', '--no-heading', 'needle']));
  });

  it('honours .gitignore in a git repository and a dist/ it names', async () => {
    execFileSync('git', ['init', '-q'], { cwd: ws.dir });
    await writeTree(ws.dir, { '.gitignore': 'dist/\n', 'src/a.ts': 'needle', 'dist/a.js': 'needle' });
    expect(okOutput(await grep({ pattern: 'needle' }))).toBe('src/a.ts:1:needle');
    expect(okOutput(await grep({ pattern: 'needle', path: 'dist' }))).toBe('a.js:1:needle');
  });

  it('says when every file was ignored', async () => {
    await writeTree(ws.dir, { '.gitignore': '*\n', 'a.txt': 'needle' });
    expect(okOutput(await grep({ pattern: 'needle' }))).toMatch(/^No matches for \/needle\/ in \.\. No file was searched: .*includeIgnored: true/);
  });

  it('prints files_with_matches and count modes', async () => {
    await writeTree(ws.dir, { 'b.txt': 'x x\nx\n', 'a.txt': 'x\n', 'c.txt': 'none\n' });
    expect(okOutput(await grep({ pattern: 'x', output_mode: 'files_with_matches' }))).toBe('a.txt\nb.txt');
    expect(okOutput(await grep({ pattern: 'x', output_mode: 'count' }))).toBe('a.txt:1\nb.txt:3');
    expect(okOutput(await grep({ pattern: 'x', output_mode: 'count', path: 'b.txt' }))).toBe('b.txt:3');
    expect((await rows({ pattern: 'x', output_mode: 'files_with_matches' }))).toEqual(bareRg(['-l', 'x']));
  });

  it('shows context with -A, -B and -C, "--" between groups and files', async () => {
    const text = ['l1', 'hit2', 'l3', 'l4', 'l5', 'l6', 'hit7', 'l8'].join('\n');
    await writeTree(ws.dir, { 'a.txt': text, 'b.txt': 'hit\n' });
    expect(await rows({ pattern: 'hit', path: 'a.txt', '-A': 1 })).toEqual(['a.txt:2:hit2', 'a.txt-3-l3', '--', 'a.txt:7:hit7', 'a.txt-8-l8']);
    expect(await rows({ pattern: 'hit', path: 'a.txt', '-B': 2 })).toEqual([
      'a.txt-1-l1', 'a.txt:2:hit2', '--', 'a.txt-5-l5', 'a.txt-6-l6', 'a.txt:7:hit7',
    ]);
    expect(await rows({ pattern: 'hit', path: 'a.txt', '-C': 2 })).toEqual([
      'a.txt-1-l1', 'a.txt:2:hit2', 'a.txt-3-l3', 'a.txt-4-l4', 'a.txt-5-l5', 'a.txt-6-l6', 'a.txt:7:hit7', 'a.txt-8-l8',
    ]);
    expect(await rows({ pattern: 'hit', '-C': 1 })).toEqual([
      'a.txt-1-l1', 'a.txt:2:hit2', 'a.txt-3-l3', '--', 'a.txt-6-l6', 'a.txt:7:hit7', 'a.txt-8-l8', '--', 'b.txt:1:hit',
    ]);
  });

  it('matches case-insensitively with -i and across lines with multiline', async () => {
    await writeTree(ws.dir, { 'a.txt': 'Foo\nfoo\nstart\nmiddle\nend\n' });
    expect(await rows({ pattern: 'FOO', '-i': true })).toEqual(['a.txt:1:Foo', 'a.txt:2:foo']);
    expect(okOutput(await grep({ pattern: 'FOO' }))).toMatch(/^No matches for \/FOO\/ in \./);
    expect(okOutput(await grep({ pattern: 'start.*end' }))).toMatch(/^No matches/);
    expect(await rows({ pattern: 'start.*end', multiline: true })).toEqual(['a.txt:3:start', 'a.txt:4:middle', 'a.txt:5:end']);
  });

  it('filters by rg file type and names an unknown one', async () => {
    await writeTree(ws.dir, { 'a.ts': 'hit', 'b.py': 'hit', 'c.md': 'hit' });
    expect(okOutput(await grep({ pattern: 'hit', type: 'py' }))).toBe('b.py:1:hit');
    expect(okOutput(await grep({ pattern: 'hit', type: 'ts', glob: 'z*' }))).toBe('No matches for /hit/ in . (files matching "z*", type ts).');
    expect(errorOf(await grep({ pattern: 'hit', type: 'nosuchtype' }))).toBe(
      'ripgrep does not know the file type "nosuchtype"; use a type such as ts, js, py, rust or go, or a glob.',
    );
  });

  it('keeps the first head_limit lines with a note', async () => {
    await writeTree(ws.dir, { 'a.txt': 'x\nx\nx\n', 'b.txt': 'x\n' });
    const r = await grep({ pattern: 'x', head_limit: 2 });
    expect(okOutput(r).split('\n')).toEqual(['a.txt:1:x', 'a.txt:2:x', '… 2 more lines not shown (head_limit 2).']);
    expect(r.ok && r.truncated).toBe(true);
    expect(okOutput(await grep({ pattern: 'x', head_limit: 1, output_mode: 'files_with_matches' }))).toMatch(/^a\.txt\n… 1 more line not shown \(head_limit 1\)\.$/);
    expect(okOutput(await grep({ pattern: 'x', head_limit: 9 }))).toBe('a.txt:1:x\na.txt:2:x\na.txt:3:x\nb.txt:1:x');
  });

  it('caps at 500 matches with a note', async () => {
    await writeTree(ws.dir, { 'many.txt': Array.from({ length: 700 }, (_, i) => `match ${i}`).join('\n') });
    const r = await grep({ pattern: 'match' });
    const out = okOutput(r).split('\n');
    expect(out).toHaveLength(501);
    expect(out[499]).toBe('many.txt:500:match 499');
    expect(out[500]).toMatch(/^… stopped after 500 matches/);
    expect(r.ok && r.truncated).toBe(true);
  });

  it('caps output at 100 KiB and clips long lines', async () => {
    await writeTree(ws.dir, { 'wide.txt': Array.from({ length: 400 }, () => `m${'x'.repeat(1000)}`).join('\n') });
    const out = okOutput(await grep({ pattern: '^m' }));
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(100 * 1024 + 300);
    const lines = out.split('\n');
    expect(lines.at(-1)).toMatch(/^… stopped after \d+ matches/);
    expect(lines.length - 1).toBeLessThan(400);
    expect(lines[0]).toBe(`wide.txt:1:m${'x'.repeat(499)} …`);
  });

  it('shows lines that are not UTF-8 and skips files over 10 MiB', async () => {
    await writeTree(ws.dir, {
      'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]),
      'big.txt': `needle\n${'y'.repeat(11 * 1024 * 1024)}`,
    });
    expect(okOutput(await grep({ pattern: 'needle' }))).toBe('latin1.txt:1:caf\uFFFD needle');
  });

  it('says when nothing matched', async () => {
    await writeTree(ws.dir, { 'a.txt': 'nothing here' });
    expect(okOutput(await grep({ pattern: 'zzz' }))).toBe('No matches for /zzz/ in ..');
  });

  it('declares a content search of its folder with the glob as filter', () => {
    expect(grepTool.effects({ pattern: 'x', path: 'src' }, { workspace: '/w', home: '/home/u' })).toEqual([
      { kind: 'search', root: '/w/src', given: 'src', filter: null },
    ]);
    expect(grepTool.effects({ pattern: 'x', glob: '*.ts' }, { workspace: '/w', home: '/home/u' })).toEqual([
      { kind: 'search', root: '/w', given: '.', filter: '*.ts' },
    ]);
  });
});
