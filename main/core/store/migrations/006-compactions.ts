import type { Migration } from './types';

/**
 * Compactions of a session's model view. The transcript in `messages` is never changed: each row says what
 * the model sees instead (the head message's parts, where the cut falls, which tool outputs are stubs), so a
 * reload or a crash rebuilds exactly the same view. The latest row of a session is the one in force.
 */
export const m006Compactions: Migration = {
  version: 6,
  name: 'context: compactions of the model view',
  sql: `
    CREATE TABLE compactions (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      covers_through INTEGER REFERENCES messages(id),
      summary TEXT,
      note TEXT,
      prompts_block TEXT,
      pruned_ids_json TEXT NOT NULL DEFAULT '[]',
      head_tokens INTEGER NOT NULL,
      encoding TEXT,
      tokens_before INTEGER NOT NULL,
      tokens_after INTEGER NOT NULL,
      reason TEXT NOT NULL,
      pruned_tool_outputs INTEGER NOT NULL,
      summary_tokens INTEGER NOT NULL,
      focus TEXT,
      summary_error TEXT,
      created_at TEXT NOT NULL,
      UNIQUE (session_id, seq)
    );
  `,
};
