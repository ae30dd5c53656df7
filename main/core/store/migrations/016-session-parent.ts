import type { Migration } from './types';

/**
 * A child session (one started by another session) keeps its parent, so lists nest it and cancelling the parent can
 * reach it. Sessions made before, and sessions a person opens, have none (NULL).
 */
export const m016SessionParent: Migration = {
  version: 16,
  name: 'sessions: the parent of a child session',
  sql: `
    ALTER TABLE sessions ADD COLUMN parent_id TEXT REFERENCES sessions(id);
    CREATE INDEX sessions_parent ON sessions(parent_id) WHERE parent_id IS NOT NULL;
  `,
};
