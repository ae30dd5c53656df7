import type { WorktreeInfo } from '../../../shared/models';
import { Repository } from './parts';
import { nowIso } from './refs';

export type WorktreeState = WorktreeInfo['state'];

/** One row of `session_worktrees` (migration 003): where an isolated session works and what it forked from. */
export interface WorktreeRow {
  session_id: string;
  branch: string;
  /** The base branch (short name), null when the base repository was on a detached HEAD. */
  base_ref: string | null;
  base_commit: string;
  /** Top-level folder of the base repository's worktree the session was created from. */
  base_repo: string;
  base_workspace: string;
  /** Top-level folder of the session's worktree. */
  path: string;
  state: WorktreeState;
  merge_commit: string | null;
  created_at: string;
  merged_at: string | null;
  removed_at: string | null;
}

export function worktreeInfo(row: WorktreeRow): WorktreeInfo {
  return {
    branch: row.branch,
    baseRef: row.base_ref,
    baseCommit: row.base_commit,
    baseWorkspace: row.base_workspace,
    path: row.path,
    state: row.state,
  };
}

/** `session_worktrees`: the git worktree of each isolated session. */
export class WorktreesRepository extends Repository {
  add(row: WorktreeRow): void {
    this.q(
      `INSERT INTO session_worktrees (session_id, branch, base_ref, base_commit, base_repo, base_workspace, path, state, merge_commit, created_at, merged_at, removed_at)
       VALUES (@session_id, @branch, @base_ref, @base_commit, @base_repo, @base_workspace, @path, @state, @merge_commit, @created_at, @merged_at, @removed_at)`,
    ).run(row);
  }

  get(sessionId: string): WorktreeRow | undefined {
    return this.q('SELECT * FROM session_worktrees WHERE session_id = ?').get(sessionId) as WorktreeRow | undefined;
  }

  markMerged(sessionId: string, mergeCommit: string): void {
    this.q(`UPDATE session_worktrees SET state = CASE WHEN state = 'removed' THEN state ELSE 'merged' END, merge_commit = ?, merged_at = ? WHERE session_id = ?`)
      .run(mergeCommit, nowIso(), sessionId);
  }

  markRemoved(sessionId: string): void {
    this.q(`UPDATE session_worktrees SET state = 'removed', removed_at = ? WHERE session_id = ?`).run(nowIso(), sessionId);
  }
}
