import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grepTool } from '../../main/core/tools/grep';
import { ctxFor, errorOf, makeWorkspace, okOutput, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const grep = (input: { pattern: string; path?: string; glob?: string }) => grepTool.run(input, ctxFor(ws.dir));

describe('Grep', () => {
  it('prints relpath:line:text for each matching line', async () => {
    await writeTree(ws.dir, {
      'a.ts': 'const x = 1;\nfunction foo() {}\n',
      'src/b.ts': 'let y;\r\nfoo();\n',
    });
    expect(okOutput(await grep({ pattern: 'foo\\(' })).split('\n')).toEqual([
      'a.ts:2:function foo() {}',
      'src/b.ts:2:foo();',
    ]);
    expect(okOutput(await grep({ pattern: '^let', path: 'src' }))).toBe('b.ts:1:let y;');
    expect(okOutput(await grep({ pattern: 'const', path: 'a.ts' }))).toBe('a.ts:1:const x = 1;');
  });

  it('explains an invalid regex', async () => {
    expect(errorOf(await grep({ pattern: 'foo(' }))).toMatch(
      /^The pattern is not a valid JavaScript regular expression \(.*Unterminated group\)\. Escape special characters/,
    );
  });

  it('filters by glob: by file name without a slash, by path with one', async () => {
    await writeTree(ws.dir, { 'a.ts': 'hit', 'a.js': 'hit', 'src/c.ts': 'hit', 'lib/d.ts': 'hit' });
    expect(okOutput(await grep({ pattern: 'hit', glob: '*.ts' })).split('\n').sort()).toEqual([
      'a.ts:1:hit',
      'lib/d.ts:1:hit',
      'src/c.ts:1:hit',
    ]);
    expect(okOutput(await grep({ pattern: 'hit', glob: 'src/**/*.ts' }))).toBe('src/c.ts:1:hit');
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
    expect(errorOf(await grep({ pattern: 'needle', path: 'blob.bin' }))).toMatch(/binary/);
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
    const rows = out.split('\n');
    const note = rows.at(-1) ?? '';
    expect(note).toMatch(/^… stopped after \d+ matches/);
    expect(rows.length - 1).toBeLessThan(400);
    expect(rows[0]).toBe(`wide.txt:1:m${'x'.repeat(499)} …`);
  });

  it('says when nothing matched', async () => {
    await writeTree(ws.dir, { 'a.txt': 'nothing here' });
    expect(okOutput(await grep({ pattern: 'zzz' }))).toBe('No matches for /zzz/ in .; searched 1 file(s).');
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
