import type { Migration } from './types';

/**
 * What a person allowed "for all children of this parent": granted to every child the parent has, and to the
 * children it starts later, without widening the parent itself.
 */
export const m018ChildGrants: Migration = {
  version: 18,
  name: 'child grants: rules allowed for all children of a parent',
  sql: `
    CREATE TABLE child_grants (
      parent_id TEXT NOT NULL REFERENCES sessions(id),
      rule TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (parent_id, rule)
    );
  `,
};
