import type { Migration } from './types';

/**
 * Full-text search of the stored history (main/core/store/search-index.ts): one entry per event that carries text
 * (a prompt, an answer, a tool call's input, a tool's output), its rowid the event's seq. Contentless: the texts
 * stay in their own rows (a tool output is already stored whole with its call), the index holds only words.
 * `session` holds the session id as one word, so one session's history is searched through the index too.
 * `search_terms` lists the words of the index once each: the last word typed is matched against the words that
 * start with it (FTS5's own prefix search merges every such word's whole doclist first, slow for a common word).
 * Rows older than this migration are indexed by search-backfill.ts in the same transaction (see db.ts).
 */
export const m013Search: Migration = {
  version: 13,
  name: 'search: full-text index of the history',
  sql: `
    CREATE VIRTUAL TABLE search_text USING fts5(
      body, session,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    );
    CREATE TABLE search_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;
    -- A tool result's whole output is read from its call by session and call id.
    CREATE INDEX tool_calls_by_call ON tool_calls(session_id, call_id);
  `,
};
