import type { Migration } from './types';

/** Preflight claims, recorded conflicts and the per-session change journal. */
export const m002Conflicts: Migration = {
  version: 2,
  name: 'conflicts: preflight, conflict records, change journal',
  sql: `
    -- The resources a prompt declared at submission; its claims count while the prompt is not finished.
    CREATE TABLE prompt_preflight (
      prompt_id TEXT PRIMARY KEY REFERENCES prompts(id),
      session_id TEXT NOT NULL REFERENCES sessions(id),
      keys_json TEXT NOT NULL,
      claims_json TEXT NOT NULL,
      confidence REAL NOT NULL,
      decision TEXT NOT NULL,
      created_at TEXT NOT NULL
    );

    CREATE TABLE conflicts (
      id TEXT PRIMARY KEY,
      prompt_id TEXT NOT NULL REFERENCES prompts(id),
      session_id TEXT NOT NULL REFERENCES sessions(id),
      kind TEXT NOT NULL,
      other_session_id TEXT,
      blocking_prompts_json TEXT NOT NULL DEFAULT '[]',
      paths_json TEXT NOT NULL,
      detail TEXT NOT NULL,
      resolution TEXT,
      created_at TEXT NOT NULL,
      resolved_at TEXT
    );
    CREATE INDEX conflicts_by_prompt ON conflicts(prompt_id);

    -- Which session changed which file, with the hashes before and after (NULL = the file did not exist).
    CREATE TABLE change_journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      prompt_id TEXT REFERENCES prompts(id),
      tool TEXT NOT NULL,
      workspace TEXT NOT NULL,
      path TEXT NOT NULL,
      before_sha TEXT,
      after_sha TEXT,
      before_kept INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      undone_at TEXT
    );
    CREATE INDEX journal_by_path ON change_journal(path, id);
    CREATE INDEX journal_by_session ON change_journal(session_id, id);

    -- File contents the journal can restore, stored once per hash.
    CREATE TABLE journal_blobs (
      sha256 TEXT PRIMARY KEY,
      content BLOB NOT NULL
    );
  `,
};
