import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { ok, type Result } from '../../../shared/result';
import type { Git } from './git';
import { identityArgs } from './identity';
import { dirtyPaths } from './repo';

export interface Snapshot {
  /** The tree of every file in the worktree now (tracked changes and untracked files, .gitignore respected). */
  tree: string;
  head: string;
  /** Whether `tree` differs from HEAD's tree. */
  uncommitted: boolean;
}

/**
 * Writes the worktree's current files as a git tree without touching its index or files: `git add -A` into a
 * private copy of the index (the copy keeps git's stat cache, so unchanged files are not read again).
 */
export async function snapshotTree(git: Git, top: string): Promise<Result<Snapshot>> {
  const head = await git.out(top, ['rev-parse', '--verify', 'HEAD^{commit}'], msg('engineErrors.git.readingWorktreeHead', { path: top }));
  if (!head.ok) return head;
  const headTree = await git.out(top, ['rev-parse', '--verify', 'HEAD^{tree}'], msg('engineErrors.git.readingWorktreeHead', { path: top }));
  if (!headTree.ok) return headTree;
  const dir = mkdtempSync(path.join(tmpdir(), 'paragents-index-'));
  try {
    const index = path.join(dir, 'index');
    const env = { GIT_INDEX_FILE: index };
    const real = await git.out(top, ['rev-parse', '--path-format=absolute', '--git-path', 'index'], msg('engineErrors.git.locatingIndex', { path: top }));
    const copied = real.ok && existsSync(real.value);
    if (real.ok && copied) copyFileSync(real.value, index);
    let add = copied ? await git.out(top, ['add', '-A', '--', ':/'], msg('engineErrors.git.snapshotting', { path: top }), { env }) : null;
    if (!add?.ok) {
      // No index yet, or a copy git cannot use (e.g. a split index): start from HEAD's tree instead.
      rmSync(index, { force: true });
      const read = await git.out(top, ['read-tree', 'HEAD'], msg('engineErrors.git.readingWorktreeHead', { path: top }), { env });
      if (!read.ok) return read;
      add = await git.out(top, ['add', '-A', '--', ':/'], msg('engineErrors.git.snapshotting', { path: top }), { env });
    }
    if (!add.ok) return add;
    const tree = await git.out(top, ['write-tree'], msg('engineErrors.git.snapshotting', { path: top }), { env });
    if (!tree.ok) return tree;
    return ok({ tree: tree.value, head: head.value, uncommitted: tree.value !== headTree.value });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A commit of `tree` on top of `parents`, on no branch (git collects it later if nothing refers to it). */
export async function commitTree(git: Git, cwd: string, tree: string, parents: readonly string[], message: string): Promise<Result<string>> {
  const args = [...(await identityArgs(git, cwd)), 'commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', message];
  return git.out(cwd, args, msg('engineErrors.git.writingCommit', { path: cwd }));
}

/**
 * Commits every uncommitted file of the worktree on its branch (never discarding anything); returns the new
 * commit, or null when there was nothing to commit.
 */
export async function commitPending(git: Git, top: string, message: string): Promise<Result<string | null>> {
  const dirty = await dirtyPaths(git, top);
  if (!dirty.ok) return dirty;
  if (dirty.value.length === 0) return ok(null);
  const add = await git.out(top, ['add', '-A', '--', ':/'], msg('engineErrors.git.staging', { path: top }));
  if (!add.ok) return add;
  const staged = await git.out(top, ['diff', '--cached', '--name-only', '-z'], msg('engineErrors.git.staging', { path: top }));
  if (!staged.ok) return staged;
  if (staged.value === '') return ok(null);
  const commit = await git.out(top, [...(await identityArgs(git, top)), 'commit', '--no-verify', '--quiet', '-m', message], msg('engineErrors.git.committing', { path: top }));
  if (!commit.ok) return commit;
  return git.out(top, ['rev-parse', '--verify', 'HEAD^{commit}'], msg('engineErrors.git.readingWorktreeHead', { path: top }));
}
