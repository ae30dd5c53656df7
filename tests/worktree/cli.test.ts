import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLines, runCli } from '../helpers/cli';
import { runWorktreeCommand } from '../../main/cli/worktree-command';
import type { CliIo } from '../../main/cli/io';
import { git, makeRepo, writeRule } from './helpers';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({ scope: 'file', script: { rules: [writeRule('write the report', 'report.md', '# report\n')] } });

/** Runs `paragents worktree …` in-process, through the function main.ts dispatches that command to. */
async function worktreeCli(home: string, args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdin: process.stdin, stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: {}, home };
  const code = await runWorktreeCommand(args, io);
  return { code, out, err };
}

describe('paragents run --worktree', () => {
  it('runs the turn in a worktree, then worktree diff / merge --preview / merge bring the work back', async () => {
    const home = fx.home();
    const repo = makeRepo();
    const r = await runCli(['run', '--workspace', repo, '--prompt', 'please write the report', '--session', 'rep', '--worktree', '--approve', 'all', '--json'], { home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const created = jsonLines(r.stdout).find((e) => e.type === 'session_created');
    const ref = String(created?.sessionRef);
    const worktreeDir = join(home, 'worktrees', ref);
    expect(created?.workspace).toBe(worktreeDir);
    expect(readFileSync(join(worktreeDir, 'report.md'), 'utf8')).toBe('# report\n');
    expect(existsSync(join(repo, 'report.md'))).toBe(false);

    const diff = await worktreeCli(home, ['diff', 'rep']);
    expect(diff.code).toBe(0);
    expect(diff.out.join('\n')).toMatch(/paragents\/[0-9a-f]{6} against main .*1 file\(s\), with uncommitted changes/);
    expect(diff.out.join('\n')).toContain('+# report');

    const preview = await worktreeCli(home, ['merge', 'rep', '--preview', '--json']);
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.out[0] ?? '{}')).toMatchObject({ preview: true, clean: true, files: ['report.md'] });
    expect(existsSync(join(repo, 'report.md'))).toBe(false);

    const merged = await worktreeCli(home, ['merge', 'rep']);
    expect(merged.err).toEqual([]);
    expect(merged.code).toBe(0);
    expect(merged.out[0]).toMatch(/^merged paragents\/[0-9a-f]{6} into main as [0-9a-f]{12} \(1 file\(s\)\)$/);
    expect(readFileSync(join(repo, 'report.md'), 'utf8')).toBe('# report\n');
    expect(git(repo, 'status', '--porcelain')).toBe('');

    // A second run continues the same isolated session, named with the base workspace.
    const again = await runCli(['run', '--workspace', repo, '--prompt', 'please write the report', '--session', 'rep', '--approve', 'all'], { home });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);

    const removed = await worktreeCli(home, ['remove', 'rep']);
    expect(removed.code).toBe(0);
    expect(removed.out[0]).toMatch(/branch deleted \(merged\)/);
  });

  it('prints where the work is after a text-mode run, and fails clearly outside git', async () => {
    const home = fx.home();
    const repo = makeRepo();
    const r = await runCli(['run', '--workspace', repo, '--prompt', 'please write the report', '--worktree', '--approve', 'all'], { home });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/work is on branch paragents\/[0-9a-f]{6} in .*; review: paragents worktree diff [0-9a-f]{6}; merge into main/);

    const plain = fx.home();
    const bad = await runCli(['run', '--workspace', plain, '--prompt', 'please write the report', '--worktree', '--approve', 'all'], { home: plain });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`workspace ${plain} is not a git repository; isolation needs git`);
  });

  it('reports usage errors and unknown sessions', async () => {
    const home = fx.home();
    expect((await worktreeCli(home, ['frobnicate'])).code).toBe(2);
    expect((await worktreeCli(home, ['diff'])).code).toBe(2);
    expect((await worktreeCli(home, ['diff', 'x', '--preview'])).code).toBe(2);
    const missing = await worktreeCli(home, ['merge', 'nosuch']);
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/nosuch/);
  });
});
