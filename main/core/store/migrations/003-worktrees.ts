import type { Migration } from './types';

/** Sessions isolated in their own git worktree on a new branch, so parallel work can be kept apart and merged back. */
export const m003Worktrees: Migration = {
  version: 3,
  name: 'worktrees: isolated sessions',
  sql: `
    CREATE TABLE session_worktrees (
      session_id TEXT PRIMARY KEY REFERENCES sessions(id),
      branch TEXT NOT NULL,
      base_ref TEXT,
      base_commit TEXT NOT NULL,
      base_repo TEXT NOT NULL,
      base_workspace TEXT NOT NULL,
      path TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'active',
      merge_commit TEXT,
      created_at TEXT NOT NULL,
      merged_at TEXT,
      removed_at TEXT
    );
  `,
};
