import { execFileSync } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool } from '../../main/core/tools/glob';
import { grepTool } from '../../main/core/tools/grep';
import { filterArgs, planGlob, ripgrepPath, runRipgrep, setRipgrepPath } from '../../main/core/tools/ripgrep';
import { ctxFor, errorOf, makeWorkspace, waitGone, writeTree } from './helpers';

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
beforeEach(async () => {
  ws = await makeWorkspace();
});
afterEach(async () => {
  setRipgrepPath(null);
  delete process.env.PARAGENTS_RG;
  await ws.cleanup();
});

/** Pids of the processes whose working folder is `dir` (the rg a call started there). */
function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/cwd`) === dir) pids.push(Number(name));
    } catch {
      // gone already, or not ours to look at
    }
  }
  return pids;
}

describe('ripgrep', () => {
  it('gives one sentence when rg is missing, for Grep and Glob alike', async () => {
    await writeTree(ws.dir, { 'a.txt': 'x' });
    setRipgrepPath(path.join(ws.dir, 'no-such-rg'));
    expect(errorOf(await grepTool.run({ pattern: 'x' }, ctxFor(ws.dir)))).toBe(
      'Grep needs ripgrep (rg), which is not installed; install it (Debian: apt-get install ripgrep).',
    );
    expect(errorOf(await globTool.run({ pattern: '**/*.txt' }, ctxFor(ws.dir)))).toBe(
      'Glob needs ripgrep (rg), which is not installed; install it (Debian: apt-get install ripgrep).',
    );
  });

  it('reads PARAGENTS_RG at call time when no path was set', async () => {
    await writeTree(ws.dir, { 'a.txt': 'x' });
    expect(ripgrepPath()).toBe('rg');
    process.env.PARAGENTS_RG = '/nonexistent/rg';
    expect(ripgrepPath()).toBe('/nonexistent/rg');
    expect(errorOf(await grepTool.run({ pattern: 'x' }, ctxFor(ws.dir)))).toMatch(/^Grep needs ripgrep \(rg\)/);
  });

  it('kills rg when the call is cancelled', async () => {
    // rg reads a named pipe nobody writes to until it is killed, so the search is still running at the abort.
    execFileSync('mkfifo', [path.join(ws.dir, 'pipe')]);
    const abort = new AbortController();
    const run = runRipgrep(['--no-config', 'x', 'pipe'], { cwd: ws.dir, signal: abort.signal, tool: 'Grep', onRecord: () => true });
    let pids: number[] = [];
    for (let i = 0; i < 100 && pids.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      pids = processesIn(ws.dir);
    }
    expect(pids).toHaveLength(1);
    abort.abort();
    await expect(run).rejects.toThrow('The search was cancelled.');
    expect(await waitGone(pids[0] ?? 0)).toBe(true);
  });

  it('refuses a call cancelled before it starts, and stops rg when a record says so', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(runRipgrep(['--files'], { cwd: ws.dir, signal: abort.signal, tool: 'Glob', onRecord: () => true })).rejects.toThrow(
      'The search was cancelled.',
    );
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`f${i}.txt`] = '';
    await writeTree(ws.dir, files);
    const seen: string[] = [];
    const run = await runRipgrep(['--no-config', '--files', '--null'], {
      cwd: ws.dir,
      signal: new AbortController().signal,
      tool: 'Glob',
      separator: '\0',
      onRecord: (r) => {
        seen.push(r);
        return seen.length < 3;
      },
    });
    expect(run.stopped).toBe(true);
    expect(seen).toHaveLength(3);
    expect(seen.every((r) => /^f\d+\.txt$/.test(r))).toBe(true);
  });

  it('builds the ignore arguments: .gitignore without git, .git and node_modules out unless named', () => {
    expect(filterArgs({ named: [undefined] })).toEqual(['--no-config', '--no-require-git', '-g', '!.git', '-g', '!node_modules']);
    expect(filterArgs({ includeIgnored: true, named: ['node_modules/x'] })).toEqual(['--no-config', '--no-ignore', '--hidden', '-g', '!.git']);
    expect(filterArgs({ hidden: true, named: ['.git/**'] })).toEqual(['--no-config', '--no-require-git', '--hidden', '-g', '!node_modules']);
  });

  it('plans a glob as rg -g reads it: by file name without a slash, by path with one', () => {
    const byName = planGlob('*.ts');
    expect([byName.base, byName.typeGlob]).toEqual([null, '*.ts']);
    expect(byName.matches('deep/a/b.ts')).toBe(true);
    const byPath = planGlob('src/**/*.{ts,tsx}');
    expect([byPath.base, byPath.typeGlob]).toEqual(['src', '*.{ts,tsx}']);
    expect(byPath.matches('src/a/b.tsx')).toBe(true);
    expect(byPath.matches('lib/b.ts')).toBe(false);
    expect(planGlob('src/{a,b/c}.ts').typeGlob).toBeNull();
    expect(planGlob('src/**').typeGlob).toBeNull();
  });
});
