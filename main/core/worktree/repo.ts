import { realpathSync } from 'node:fs';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { gitFailure, type Git } from './git';
import { findGitDirs } from './git-dir';

export interface RepoPoint {
  /** Top-level folder of the worktree holding the workspace. */
  top: string;
  /** The workspace relative to `top` ('' at the top). */
  rel: string;
  commit: string;
  /** Checked-out branch (short name), null on a detached HEAD. */
  branch: string | null;
}

const real = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/** Where `dir` sits in git: its repository's top level and current commit, or an error a user can act on. */
export async function inspectWorkspace(git: Git, dir: string): Promise<Result<RepoPoint>> {
  // Starting git costs the engine's main thread milliseconds on a large heap; a folder with no `.git` above it
  // needs none (a child in a plain folder, many at once).
  if (git.discoversByFiles && findGitDirs(dir) === null) return err('invalid_input', msg('engineErrors.worktree.notRepo', { path: dir }));
  const top = await git.run(dir, ['rev-parse', '--show-toplevel']);
  if (top.missing) return err('invalid_state', gitFailure(msg('engineErrors.git.workspace', { path: dir }), top));
  if (top.code !== 0 || top.stdout.trim() === '') {
    return err('invalid_input', msg('engineErrors.worktree.notRepo', { path: dir }));
  }
  const root = real(path.resolve(top.stdout.trim()));
  const head = await git.run(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (head.code !== 0) {
    return err('invalid_state', msg('engineErrors.worktree.noCommits', { repo: root }));
  }
  const branch = await git.run(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return ok({
    top: root,
    rel: path.relative(root, real(dir)),
    commit: head.stdout.trim(),
    branch: branch.code === 0 ? branch.stdout.trim() || null : null,
  });
}

/** The commit a ref points at, or null when it does not exist. */
export async function resolveCommit(git: Git, cwd: string, ref: string): Promise<string | null> {
  const run = await git.run(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return run.code === 0 ? run.stdout.trim() : null;
}

/** Whether commit `a` is contained in `b`. */
export async function isAncestor(git: Git, cwd: string, a: string, b: string): Promise<boolean> {
  return (await git.run(cwd, ['merge-base', '--is-ancestor', a, b])).code === 0;
}

/** Paths (relative to the worktree top, `/`-separated) with uncommitted changes or untracked files. */
export async function dirtyPaths(git: Git, top: string): Promise<Result<string[]>> {
  // Not trimmed: a status line starts with a space when only the worktree side changed.
  const run = await git.run(top, ['status', '--porcelain=v1', '-z', '--untracked-files=all']);
  if (run.code !== 0) return err('internal', gitFailure(msg('engineErrors.git.readingStatus', { path: top }), run));
  const out: string[] = [];
  const parts = run.stdout.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i] as string;
    if (entry.length < 4) continue;
    out.push(entry.slice(3));
    // A rename or copy is followed by its source path, which changes too.
    if (entry[0] === 'R' || entry[0] === 'C') {
      const from = parts[++i];
      if (from) out.push(from);
    }
  }
  return ok(out);
}

/** The worktree folder (real path) that has `branch` checked out, if any. */
export async function checkedOutAt(git: Git, cwd: string, branch: string): Promise<Result<string | null>> {
  const r = await git.out(cwd, ['worktree', 'list', '--porcelain', '-z'], msg('engineErrors.git.listingWorktrees'));
  if (!r.ok) return r;
  let current: string | null = null;
  for (const line of r.value.split('\0')) {
    if (line.startsWith('worktree ')) current = line.slice('worktree '.length);
    else if (line === `branch refs/heads/${branch}` && current) return ok(real(current));
  }
  return ok(null);
}
