import type { Migration } from './types';

/**
 * Each stored message keeps its token count, computed once (NULL until counted: rows written before this
 * version are counted on first use), so a long session is never re-tokenized on every step. Each session keeps
 * its context meter: the tokens of the model's view at its last request and the window they were measured
 * against (NULL until the session's first request).
 */
export const m005MessageTokens: Migration = {
  version: 5,
  name: 'context: message token counts and the session context meter',
  sql: `
    ALTER TABLE messages ADD COLUMN tokens INTEGER;
    ALTER TABLE sessions ADD COLUMN context_tokens INTEGER;
    ALTER TABLE sessions ADD COLUMN context_window INTEGER;
  `,
};
