import type { Migration } from './types';

/**
 * A child session started by an `Agent` call: which call, its task and write contract, and where it is between
 * starting and integration. Keyed by the parent's call as well, so a resumed call finds its child and never starts a
 * second one.
 */
export const m017AgentChildren: Migration = {
  version: 17,
  name: 'agent children: the children of Agent calls and their integration',
  sql: `
    CREATE TABLE agent_children (
      child_id TEXT PRIMARY KEY REFERENCES sessions(id),
      parent_id TEXT NOT NULL REFERENCES sessions(id),
      parent_prompt_id TEXT NOT NULL REFERENCES prompts(id),
      call_id TEXT NOT NULL,
      description TEXT NOT NULL,
      task TEXT NOT NULL,
      isolation TEXT NOT NULL,
      outputs_json TEXT NOT NULL,
      state TEXT NOT NULL,
      outcome TEXT,
      integration TEXT NOT NULL DEFAULT 'none',
      attempts INTEGER NOT NULL DEFAULT 0,
      files_json TEXT NOT NULL DEFAULT '[]',
      waiting_json TEXT NOT NULL DEFAULT '[]',
      prompt_id TEXT,
      base_commit TEXT,
      answer TEXT,
      seq INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      finished_at TEXT,
      UNIQUE (parent_id, call_id)
    );
    CREATE INDEX agent_children_parent ON agent_children(parent_id, seq);
  `,
};
