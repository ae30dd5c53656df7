import type { Migration } from './types';

/**
 * A session's summary reads its prompts that are still active, not its whole history: with this index that is
 * a search on (session_id, status) that touches only those rows, however many finished prompts the session has.
 */
export const m011PromptStatusIndex: Migration = {
  version: 11,
  name: 'prompts: index by session and status',
  sql: `
    CREATE INDEX prompts_by_session_status ON prompts(session_id, status);
  `,
};
