import path from 'node:path';
import { msg } from '../../../../shared/i18n/message';
import { err, ok, type Result } from '../../../../shared/result';
import type { AgentChildRow } from '../../store/agent-children';
import type { Store } from '../../store/store';
import type { Git } from '../../worktree/git';
import { inspectWorkspace } from '../../worktree/repo';
import { addChildWorktree, snapshotCommit } from '../../worktree/children';

/**
 * Isolation verified, not claimed: the child's folder is a checkout of its own (its own top level, on its own
 * branch), outside the parent's checkout.
 */
async function checkIsolation(git: Git, top: string, branch: string, parentTop: string): Promise<Result<null>> {
  const own = await git.out(top, ['rev-parse', '--show-toplevel'], msg('agents.isolationUnchecked', { path: top }));
  if (!own.ok) return own;
  const head = await git.out(top, ['symbolic-ref', '--short', 'HEAD'], msg('agents.isolationUnchecked', { path: top }));
  if (!head.ok) return head;
  const inParent = top === parentTop || top.startsWith(parentTop + path.sep);
  if (path.resolve(own.value) !== path.resolve(top) || head.value !== branch || inParent) {
    return err('internal', msg('agents.isolationFailed', { path: top, branch }));
  }
  return ok(null);
}

/** `git worktree add` runs one at a time: concurrent ones race for git's lock files. */
let adding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = adding.then(fn, fn);
  adding = run.catch(() => undefined);
  return run;
}

/**
 * Makes the child's place to work: a worktree child gets its worktree now, on `paragents/<child ref>`, from a snapshot
 * of the parent's workspace as it is at this moment (uncommitted and untracked files included; nothing in the
 * parent's checkout, index or stash changes). A shared child works in the parent's folder as it is.
 */
export async function startChild(
  d: { home: string; store: Store; git: Git; trust: { isTrusted(workspace: string): boolean; trustWorkspace(workspace: string): Promise<void> } },
  row: AgentChildRow,
  recordBase: (row: AgentChildRow) => AgentChildRow,
): Promise<Result<AgentChildRow>> {
  if (row.isolation === 'shared' || d.store.worktrees.get(row.child_id)) return ok(row);
  const parent = d.store.sessions.get(row.parent_id);
  const child = d.store.sessions.get(row.child_id);
  if (!parent || !child) return err('not_found', msg('agents.sessionGone', { ref: row.child_id }));
  const repo = await inspectWorkspace(d.git, parent.workspace);
  if (!repo.ok) return repo;
  return oneAtATime(async () => {
    const snap = await snapshotCommit(d.git, repo.value.top, `paragents: snapshot of ${parent.ref} for child ${child.ref}`);
    if (!snap.ok) return snap;
    const added = await addChildWorktree(d.git, { home: d.home, dir: parent.workspace, ref: child.ref, commit: snap.value.commit });
    if (!added.ok) return added;
    if (added.value.workspace !== child.workspace) {
      return err('internal', msg('agents.worktreeMoved', { expected: child.workspace, actual: added.value.workspace }));
    }
    const checked = await checkIsolation(d.git, added.value.row.path, added.value.row.branch, repo.value.top);
    if (!checked.ok) return checked;
    d.store.worktrees.add({ session_id: child.id, ...added.value.row });
    // The worktree is the trusted folder's own checkout: it inherits the trust, so project rules apply there.
    if (d.trust.isTrusted(parent.workspace)) await d.trust.trustWorkspace(child.workspace);
    return ok(recordBase({ ...row, base_commit: snap.value.commit }));
  });
}
