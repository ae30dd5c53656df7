import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { addWorktree, type NewWorktree } from './create';
import { splitZ, type Git } from './git';
import { identityArgs } from './identity';
import { mergeTree, type TreeMerge } from './merge-tree';
import { commitPending, commitTree, snapshotTree } from './snapshot';

/** The folder's files as they are now (uncommitted and untracked, not ignored) as a commit on HEAD; HEAD when clean. */
export async function snapshotCommit(git: Git, top: string, message: string): Promise<Result<{ commit: string; head: string }>> {
  const snap = await snapshotTree(git, top);
  if (!snap.ok) return snap;
  if (!snap.value.uncommitted) return ok({ commit: snap.value.head, head: snap.value.head });
  const c = await commitTree(git, top, snap.value.tree, [snap.value.head], message);
  return c.ok ? ok({ commit: c.value, head: snap.value.head }) : c;
}

/** A child's worktree on `paragents/<ref>`, started at `commit` (the snapshot of its parent's workspace). */
export function addChildWorktree(git: Git, opts: { home: string; dir: string; ref: string; commit: string }): Promise<Result<NewWorktree>> {
  return addWorktree(git, { ...opts, now: new Date().toISOString() });
}

/**
 * Three-way preview of a child's work (`theirs`) against the parent now (`ours`), from the child's starting point.
 * Each side is restated as one commit on `base`, so `base` is their merge base whatever the history (git before 2.40
 * has no `merge-tree --merge-base`).
 */
export async function previewIntegration(git: Git, repo: string, c: { base: string; ours: string; theirs: string }): Promise<Result<TreeMerge>> {
  const ours = await commitTree(git, repo, `${c.ours}^{tree}`, [c.base], 'paragents: the parent now');
  if (!ours.ok) return ours;
  const theirs = await commitTree(git, repo, `${c.theirs}^{tree}`, [c.base], 'paragents: the child');
  if (!theirs.ok) return theirs;
  return mergeTree(git, repo, ours.value, theirs.value);
}

/** The files that differ between two commits or trees. */
export async function changedFiles(git: Git, repo: string, from: string, to: string): Promise<Result<string[]>> {
  const r = await git.out(repo, ['diff', '--name-only', '--no-renames', '-z', from, to], msg('engineErrors.git.listingMergeChanges', { repo }));
  return r.ok ? ok(splitZ(r.value)) : r;
}

/** Git's id of a blob with this content (what `git hash-object` says, without filters). */
const blobId = (data: Buffer): string => createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex');

const readOrNull = (file: string): Buffer | null => {
  try {
    return statSync(file).isFile() ? readFileSync(file) : null;
  } catch {
    return null;
  }
};

interface RawChange {
  status: string;
  oursBlob: string;
  path: string;
}

/** `git diff --raw -z A B`: one entry per changed file, with the blob on A's side. */
function parseRaw(out: string): RawChange[] {
  const parts = out.split('\0');
  const changes: RawChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const meta = parts[i] as string;
    const file = parts[i + 1] as string;
    if (!meta.startsWith(':')) break;
    const [, , srcBlob, , status] = meta.slice(1).split(' ');
    changes.push({ status: (status ?? 'M').charAt(0), oursBlob: srcBlob ?? '', path: file });
  }
  return changes;
}

const ZERO = /^0+$/;

/**
 * Writes the merged tree into the working folder `top` wherever it differs from `oursTree` (added, changed and
 * deleted files, modes kept), as uncommitted changes: HEAD and the index do not move. Every file is checked to be
 * still as `oursTree` has it before anything is written; if one moved on, nothing is written.
 */
export async function applyMergedTree(
  git: Git,
  c: { top: string; oursTree: string; mergedTree: string },
): Promise<Result<{ path: string; before: Buffer | null; after: Buffer | null }[]>> {
  const raw = await git.run(c.top, ['diff', '--raw', '--no-renames', '--no-abbrev', '-z', c.oursTree, c.mergedTree]);
  if (raw.code !== 0) return err('internal', msg('engineErrors.git.listingMergeChanges', { repo: c.top }));
  const changes = parseRaw(raw.stdout);
  const before = new Map<string, Buffer | null>();
  for (const ch of changes) {
    const now = readOrNull(path.join(c.top, ch.path));
    const expected = ZERO.test(ch.oursBlob) ? null : ch.oursBlob;
    const actual = now === null ? null : blobId(now);
    if (expected !== actual) return err('conflict', msg('agents.parentMovedOn', { path: ch.path }));
    before.set(ch.path, now);
  }
  const writes = changes.filter((ch) => ch.status !== 'D').map((ch) => ch.path);
  if (writes.length > 0) {
    // A private index holding the merged tree: checkout-index writes its files into the folder, the real index untouched.
    const dir = mkdtempSync(path.join(tmpdir(), 'paragents-apply-'));
    try {
      const env = { GIT_INDEX_FILE: path.join(dir, 'index') };
      const read = await git.out(c.top, ['read-tree', c.mergedTree], msg('engineErrors.git.snapshotting', { path: c.top }), { env });
      if (!read.ok) return read;
      const write = await git.out(c.top, ['checkout-index', '-f', '--', ...writes], msg('agents.applyFailed', { path: c.top }), { env });
      if (!write.ok) return write;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const ch of changes) if (ch.status === 'D') rmSync(path.join(c.top, ch.path), { force: true });
  return ok(changes.map((ch) => ({ path: ch.path, before: before.get(ch.path) ?? null, after: ch.status === 'D' ? null : readOrNull(path.join(c.top, ch.path)) })));
}

const MAX_HUNKS = 8 * 1024;

const inMerge = async (git: Git, top: string): Promise<boolean> => (await git.run(top, ['rev-parse', '--verify', '--quiet', 'MERGE_HEAD'])).code === 0;

async function unmerged(git: Git, top: string): Promise<string[]> {
  const r = await git.run(top, ['diff', '--name-only', '--diff-filter=U', '-z']);
  return r.code === 0 ? [...new Set(splitZ(r.stdout))] : [];
}

/**
 * Brings a child's worktree up to its parent's current state: its work committed, then `parentCommit` merged in.
 * Clean: the merge is committed. Conflicting: the merge stays in progress with the conflicts marked in the files, and
 * `hunks` shows the marked regions for the child's follow-up prompt.
 */
export async function bringUpToDate(git: Git, c: { top: string; parentCommit: string; message: string }): Promise<Result<{ clean: boolean; conflicts: string[]; hunks: string }>> {
  const pending = await commitPending(git, c.top, c.message);
  if (!pending.ok) return pending;
  const id = await identityArgs(git, c.top);
  const run = await git.run(c.top, [...id, 'merge', '--no-ff', '--no-commit', '--no-verify', c.parentCommit]);
  const conflicts = await unmerged(git, c.top);
  if (run.code !== 0 && conflicts.length === 0) return err('internal', msg('agents.updateFailed', { path: c.top, detail: (run.stderr || run.stdout).trim().split('\n').slice(-2).join(' / ') }));
  if (conflicts.length === 0) {
    if (await inMerge(git, c.top)) {
      const done = await git.out(c.top, [...id, 'commit', '--no-verify', '--quiet', '-m', c.message], msg('engineErrors.git.committing', { path: c.top }));
      if (!done.ok) return done;
    }
    return ok({ clean: true, conflicts: [], hunks: '' });
  }
  const diff = await git.run(c.top, ['diff', '--', ...conflicts]);
  const text = diff.stdout;
  return ok({ clean: false, conflicts, hunks: text.length > MAX_HUNKS ? `${text.slice(0, MAX_HUNKS)}\n…` : text });
}

/**
 * Commits what the child left (also the end of a merge it was asked to resolve) and returns its HEAD. Refused while
 * a file that was in conflict still holds conflict markers.
 */
export async function concludeChild(git: Git, top: string, message: string): Promise<Result<string>> {
  if (await inMerge(git, top)) {
    const marked = (await git.run(top, ['diff', '--name-only', '-z', 'MERGE_HEAD'])).stdout;
    const left = splitZ(marked).filter((f) => {
      const file = path.join(top, f);
      return existsSync(file) && /^(<{7}|>{7}) /m.test(readFileSync(file, 'utf8'));
    });
    if (left.length > 0) return err('conflict', msg('agents.markersLeft', { files: left.join(', ') }));
    const add = await git.out(top, ['add', '-A', '--', ':/'], msg('engineErrors.git.staging', { path: top }));
    if (!add.ok) return add;
    const done = await git.out(top, [...(await identityArgs(git, top)), 'commit', '--no-verify', '--quiet', '-m', message], msg('engineErrors.git.committing', { path: top }));
    if (!done.ok) return done;
  } else {
    const pending = await commitPending(git, top, message);
    if (!pending.ok) return pending;
  }
  return git.out(top, ['rev-parse', '--verify', 'HEAD^{commit}'], msg('engineErrors.git.readingWorktreeHead', { path: top }));
}

