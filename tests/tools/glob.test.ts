import { execFileSync } from 'node:child_process';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool } from '../../main/core/tools/glob';
import { ctxFor, errorOf, makeWorkspace, okOutput, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(() => ws.cleanup());

const glob = (pattern: string, p?: string) =>
  globTool.run(p === undefined ? { pattern } : { pattern, path: p }, ctxFor(ws.dir));
const lines = (text: string) => text.split('\n');

const base = Math.floor(Date.now() / 1000);
async function setMtime(rel: string, secondsAgo: number): Promise<void> {
  const t = base - secondsAgo;
  await utimes(path.join(ws.dir, rel), t, t);
}

describe('Glob', () => {
  it('matches recursively with ** and sorts newest first, then by name', async () => {
    await writeTree(ws.dir, { 'a.ts': '', 'src/b.ts': '', 'src/deep/c.ts': '', 'src/d.js': '', 'src/e.ts': '' });
    await setMtime('a.ts', 300);
    await setMtime('src/b.ts', 100);
    await setMtime('src/deep/c.ts', 200);
    await setMtime('src/e.ts', 100);
    expect(lines(okOutput(await glob('**/*.ts')))).toEqual(['src/b.ts', 'src/e.ts', 'src/deep/c.ts', 'a.ts']);
    expect(lines(okOutput(await glob('src/**/*.ts')))).toEqual(['src/b.ts', 'src/e.ts', 'src/deep/c.ts']);
    expect(lines(okOutput(await glob('src/*.{ts,js}')))).toHaveLength(3);
  });

  it('matches * only at the top level and hints at ** when nothing matches', async () => {
    await writeTree(ws.dir, { 'top.md': '', 'docs/inner.md': '', 'src/x.ts': '' });
    expect(okOutput(await glob('*.md'))).toBe('top.md');
    expect(okOutput(await glob('*.ts'))).toBe(
      'No files match "*.ts" in .. "*.ts" only matches at the top level; use "**/*.ts" to search subfolders. ' +
        'Ignored and hidden files were left out (includeIgnored: true lists them).',
    );
  });

  it('returns paths relative to the search path', async () => {
    await writeTree(ws.dir, { 'pkg/src/a.ts': '', 'pkg/b.ts': '', 'c.ts': '' });
    expect(lines(okOutput(await glob('**/*.ts', 'pkg'))).sort()).toEqual(['b.ts', 'src/a.ts']);
    expect(okOutput(await glob(path.join(ws.dir, 'pkg/src/*.ts')))).toBe('a.ts');
  });

  it('skips .git, node_modules and hidden files unless the pattern names them', async () => {
    await writeTree(ws.dir, {
      'src/a.js': '',
      'node_modules/lib/index.js': '',
      'src/node_modules/x/y.js': '',
      '.git/hooks/pre-commit.js': '',
      '.github/workflow.js': '',
    });
    expect(lines(okOutput(await glob('**/*.js'))).sort()).toEqual(['src/a.js']);
    expect(okOutput(await glob('.github/*.js'))).toBe('.github/workflow.js');
    expect(okOutput(await glob('node_modules/**/*.js'))).toBe('node_modules/lib/index.js');
    expect(lines(okOutput(await glob('**/node_modules/**/*.js'))).sort()).toEqual([
      'node_modules/lib/index.js',
      'src/node_modules/x/y.js',
    ]);
    expect(okOutput(await glob('.git/**'))).toBe('.git/hooks/pre-commit.js');
  });

  it('honours .gitignore outside a git repository and .ignore; includeIgnored lists ignored and hidden files', async () => {
    await writeTree(ws.dir, {
      '.gitignore': 'dist/\n*.log\n',
      '.ignore': 'secret.ts\n',
      'src/a.ts': '',
      'dist/out.ts': '',
      'src/debug.log': '',
      'secret.ts': '',
      '.hidden/h.ts': '',
    });
    expect(okOutput(await glob('**/*'))).toBe('src/a.ts');
    expect(okOutput(await glob('**/*.ts'))).toBe('src/a.ts');
    expect(okOutput(await glob('**/*.log'))).toMatch(/^No files match "\*\*\/\*\.log" in \.\. Ignored and hidden files were left out/);
    const all = await globTool.run({ pattern: '**/*.ts', includeIgnored: true }, ctxFor(ws.dir));
    expect(lines(okOutput(all)).sort()).toEqual(['.hidden/h.ts', 'dist/out.ts', 'secret.ts', 'src/a.ts']);
    expect(lines(okOutput(all)).sort()).toEqual(
      execFileSync('rg', ['--no-config', '--no-ignore', '--hidden', '--files', '-g', '*.ts'], {
        cwd: ws.dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }).split('\n').filter(Boolean).sort(),
    );
  });

  it('honours .gitignore in a git repository', async () => {
    execFileSync('git', ['init', '-q'], { cwd: ws.dir });
    await writeTree(ws.dir, { '.gitignore': 'dist/\n', 'src/a.js': '', 'dist/b.js': '' });
    expect(okOutput(await glob('**/*.js'))).toBe('src/a.js');
    expect(okOutput(await glob('**/*.js', 'dist'))).toBe('b.js');
  });

  it('caps results at 500 with a note', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 520; i++) files[`d${i % 4}/f${i}.txt`] = '';
    await writeTree(ws.dir, files);
    const r = await glob('**/*.txt');
    const out = lines(okOutput(r));
    expect(out).toHaveLength(501);
    expect(out[500]).toMatch(/^… 20 more files not shown \(520 matches\)/);
    expect(r.ok && r.truncated).toBe(true);
  });

  it('handles literal paths and explains a file given as the search path', async () => {
    await writeTree(ws.dir, { 'src/a.ts': '' });
    expect(okOutput(await glob('src/a.ts'))).toBe('src/a.ts');
    expect(okOutput(await glob('src/zz.ts'))).toMatch(/^No files match/);
    expect(errorOf(await glob('*', 'src/a.ts'))).toMatch(/src\/a\.ts is a file, not a directory/);
    expect(errorOf(await glob('*', 'nope'))).toBe('nope does not exist.');
  });

  it('declares a listing of its folder with the pattern', () => {
    expect(globTool.effects({ pattern: '**' }, { workspace: '/w', home: '/home/u' })).toEqual([{ kind: 'list', root: '/w', given: '.', pattern: '**' }]);
  });
});
