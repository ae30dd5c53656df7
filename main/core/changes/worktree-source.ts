import path from 'node:path';
import type { FileChangeKind } from '../../../shared/changes';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { realPathOf } from '../conflicts/real-path';
import { forkPoint } from '../worktree/diff';
import { splitZ, type Git } from '../worktree/git';
import { snapshotTree } from '../worktree/snapshot';
import type { WorktreeRow } from '../worktree';
import { ABSENT, DIFF_TEXT_MAX, UNAVAILABLE, type Side } from './text';

/** One file of an isolated session's work against its base, as git counts it. */
export interface WorktreeFile {
  /** Relative to the worktree's top folder, in git's form. */
  rel: string;
  /** Absolute, real: how the change journal names it. */
  abs: string;
  /** The same file in the base folder the session forked from. */
  baseAbs: string;
  change: FileChangeKind;
  added: number | null;
  removed: number | null;
  binary: boolean;
}

const KINDS: Record<string, FileChangeKind> = { A: 'added', D: 'deleted' };

/** The session's committed and uncommitted files against its fork point, with git's line counts. */
export async function worktreeFiles(git: Git, wt: WorktreeRow): Promise<Result<{ base: string; files: WorktreeFile[] }>> {
  const snap = await snapshotTree(git, wt.path);
  if (!snap.ok) return snap;
  const base = await forkPoint(git, wt, snap.value.head);
  const what = msg('engineErrors.git.listingChanges', { branch: wt.branch });
  const names = await git.out(wt.path, ['diff', '--name-status', '--no-renames', '-z', base, snap.value.tree], what);
  if (!names.ok) return names;
  const nums = await git.out(wt.path, ['diff', '--numstat', '--no-renames', '-z', base, snap.value.tree], what);
  if (!nums.ok) return nums;
  // --numstat -z: "added<TAB>removed<TAB>path" per file, "-" counts for a binary file.
  const counts = new Map<string, { added: number | null; removed: number | null; binary: boolean }>();
  for (const rec of splitZ(nums.value)) {
    const [a, r, ...rest] = rec.split('\t');
    const binary = a === '-' && r === '-';
    counts.set(rest.join('\t'), { added: binary ? null : Number(a), removed: binary ? null : Number(r), binary });
  }
  const parts = splitZ(names.value);
  const files: WorktreeFile[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const rel = parts[i + 1] as string;
    const c = counts.get(rel) ?? { added: null, removed: null, binary: false };
    files.push({
      rel,
      abs: realPathOf(path.join(wt.path, rel)),
      baseAbs: realPathOf(path.join(wt.base_repo, rel)),
      change: KINDS[(parts[i] as string)[0] ?? 'M'] ?? 'modified',
      ...c,
    });
  }
  return ok({ base, files });
}

/** Where the session's work starts (see forkPoint), from the worktree's HEAD. */
export async function worktreeBase(git: Git, wt: WorktreeRow): Promise<Result<string>> {
  const head = await git.out(wt.path, ['rev-parse', '--verify', 'HEAD^{commit}'], msg('engineErrors.git.readingWorktreeHead', { path: wt.path }));
  return head.ok ? ok(await forkPoint(git, wt, head.value)) : head;
}

/** The file as it was at the fork point `base` (read from git's object store). */
export async function baseSide(git: Git, wt: WorktreeRow, base: string, rel: string): Promise<Side> {
  const spec = `${base}:${rel}`;
  const size = await git.run(wt.path, ['cat-file', '-s', spec]);
  if (size.code !== 0) return ABSENT;
  if (Number(size.stdout.trim()) > DIFF_TEXT_MAX) return UNAVAILABLE;
  const blob = await git.run(wt.path, ['cat-file', 'blob', spec]);
  return blob.code === 0 ? { kind: 'bytes', data: Buffer.from(blob.stdout, 'utf8') } : UNAVAILABLE;
}

/** `abs` relative to the worktree's top folder, or an error when it is outside it. */
export function worktreeRel(wt: WorktreeRow, abs: string): Result<string> {
  const top = realPathOf(wt.path);
  const rel = path.relative(top, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return err('invalid_input', msg('engineErrors.worktree.notInside', { path: abs, branch: wt.branch, top }));
  return ok(rel.split(path.sep).join('/'));
}
