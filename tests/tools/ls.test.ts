import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lsTool } from '../../main/core/tools/ls';
import { ctxFor, errorOf, makeWorkspace, okOutput, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const ls = (p?: string) => lsTool.run(p === undefined ? {} : { path: p }, ctxFor(ws.dir));

describe('LS', () => {
  it('lists the workspace sorted, with directories suffixed /', async () => {
    await writeTree(ws.dir, { 'b.txt': '', 'a.txt': '', 'src/x.ts': '', '.env': '' });
    await mkdir(path.join(ws.dir, 'Zdir'));
    await symlink('src', path.join(ws.dir, 'link'));
    expect(okOutput(await ls())).toBe(['.env', 'Zdir/', 'a.txt', 'b.txt', 'link/', 'src/'].join('\n'));
    expect(okOutput(await ls('src'))).toBe('x.ts');
  });

  it('caps at 1000 entries with a note', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1005; i++) files[`f${String(i).padStart(4, '0')}`] = '';
    await writeTree(ws.dir, files);
    const r = await ls();
    const lines = okOutput(r).split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines[999]).toBe('f0999');
    expect(lines[1000]).toMatch(/^… 5 more entries not shown \(1005 in total\)/);
    expect(r.ok && r.truncated).toBe(true);
  });

  it('explains files, missing paths and empty folders', async () => {
    await writeTree(ws.dir, { 'a.txt': '' });
    await mkdir(path.join(ws.dir, 'empty'));
    expect(errorOf(await ls('a.txt'))).toBe('a.txt is a file, not a directory; use Read to see its content.');
    expect(errorOf(await ls('missing'))).toBe('missing does not exist.');
    expect(okOutput(await ls('empty'))).toBe('(empty is empty)');
  });

  it('declares a listing of its folder (default: the workspace)', () => {
    expect(lsTool.effects({}, { workspace: '/w', home: '/home/u' })).toEqual([{ kind: 'list', root: '/w', given: '.', pattern: null }]);
    expect(lsTool.effects({ path: 'src' }, { workspace: '/w', home: '/home/u' })).toEqual([{ kind: 'list', root: '/w/src', given: 'src', pattern: null }]);
  });
});
