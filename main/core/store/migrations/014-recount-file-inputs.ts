import type { Migration } from './types';

/**
 * The model is now shown a Write or Edit with a large input as a stub of its arguments (main/core/context/
 * input-stubs.ts), and a message's kept token count is that of what the model is shown. Counts kept before, for
 * assistant messages calling Write or Edit, may be the whole input's (hundreds of thousands of tokens for a large
 * file, which made every later request of the session fail as too large): they are cleared, to be counted again
 * on first use.
 */
export const m014RecountFileInputs: Migration = {
  version: 14,
  name: 'context: recount assistant messages calling Write or Edit',
  sql: `
    UPDATE messages SET tokens = NULL
    WHERE tokens IS NOT NULL
      AND json_extract(message_json, '$.role') = 'assistant'
      AND (message_json LIKE '%"name":"Write"%' OR message_json LIKE '%"name":"Edit"%');
  `,
};
