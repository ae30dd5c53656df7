import type { Migration } from './types';

/**
 * The project instructions each session's model last used (their hash and files), so that a change is
 * announced once, when the next turn uses the new text, and a restart does not announce it again.
 */
export const m007SessionInstructions: Migration = {
  version: 7,
  name: 'context: project instructions last used per session',
  sql: `
    CREATE TABLE session_instructions (
      session_id TEXT PRIMARY KEY REFERENCES sessions(id),
      hash TEXT NOT NULL,
      sources_json TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) WITHOUT ROWID;
  `,
};
