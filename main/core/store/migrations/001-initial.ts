import type { Migration } from './types';

export const m001Initial: Migration = {
  version: 1,
  name: 'initial schema',
  sql: `
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      ref TEXT NOT NULL UNIQUE,
      name TEXT UNIQUE,
      workspace TEXT NOT NULL,
      mode TEXT NOT NULL DEFAULT 'default',
      created_at TEXT NOT NULL,
      closed_at TEXT,
      prompt_tokens INTEGER NOT NULL DEFAULT 0,
      completion_tokens INTEGER NOT NULL DEFAULT 0,
      total_tokens INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE prompts (
      id TEXT PRIMARY KEY,
      ref TEXT NOT NULL UNIQUE,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      position INTEGER NOT NULL,
      text TEXT NOT NULL,
      status TEXT NOT NULL,
      error TEXT,
      prompt_tokens INTEGER NOT NULL DEFAULT 0,
      completion_tokens INTEGER NOT NULL DEFAULT 0,
      total_tokens INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      started_at TEXT,
      finished_at TEXT
    );
    CREATE INDEX prompts_by_session ON prompts(session_id, position);
    CREATE INDEX prompts_by_status ON prompts(status);

    -- The exact transcript the model saw, one OpenAI chat message per row, in order.
    CREATE TABLE messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      prompt_id TEXT REFERENCES prompts(id),
      message_json TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX messages_by_session ON messages(session_id, id);

    CREATE TABLE tool_calls (
      id TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      prompt_id TEXT NOT NULL REFERENCES prompts(id),
      message_id INTEGER NOT NULL REFERENCES messages(id),
      call_id TEXT NOT NULL,
      tool TEXT NOT NULL,
      input_json TEXT,
      status TEXT NOT NULL,
      decision_json TEXT,
      ok INTEGER,
      output TEXT,
      created_at TEXT NOT NULL,
      finished_at TEXT,
      UNIQUE (message_id, call_id)
    );

    CREATE TABLE approvals (
      id TEXT PRIMARY KEY,
      ref TEXT NOT NULL UNIQUE,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      prompt_id TEXT NOT NULL REFERENCES prompts(id),
      tool_call_id TEXT NOT NULL REFERENCES tool_calls(id),
      tool TEXT NOT NULL,
      input_json TEXT NOT NULL,
      decision_json TEXT NOT NULL,
      always_rules_json TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL,
      answer_json TEXT,
      created_at TEXT NOT NULL,
      resolved_at TEXT
    );
    CREATE INDEX approvals_by_status ON approvals(status);

    CREATE TABLE usage_records (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id TEXT NOT NULL REFERENCES sessions(id),
      prompt_id TEXT NOT NULL REFERENCES prompts(id),
      provider TEXT NOT NULL,
      model TEXT NOT NULL,
      prompt_tokens INTEGER NOT NULL,
      completion_tokens INTEGER NOT NULL,
      total_tokens INTEGER NOT NULL,
      ts TEXT NOT NULL
    );

    CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      ts TEXT NOT NULL,
      type TEXT NOT NULL,
      session_id TEXT NOT NULL,
      prompt_id TEXT,
      event_json TEXT NOT NULL
    );
    CREATE INDEX events_by_session ON events(session_id, seq);

    CREATE TABLE session_grants (
      session_id TEXT NOT NULL REFERENCES sessions(id),
      rule TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (session_id, rule)
    );
  `,
};
