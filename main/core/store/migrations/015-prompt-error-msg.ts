import type { Migration } from './types';

/**
 * A prompt's stored error (why it failed, was cancelled or interrupted) keeps its sentence as data beside the
 * English, as the JSON of a Msg, so the queue and the CLI render it in their language. Rows written before have
 * none (NULL) and show as their English.
 */
export const m015PromptErrorMsg: Migration = {
  version: 15,
  name: 'prompts: the error as data',
  sql: `
    ALTER TABLE prompts ADD COLUMN error_msg TEXT;
  `,
};
