import type { Migration } from './types';

/**
 * A session's live plan (its Plan tool's latest list, as JSON), and the model choices a person made for it: the
 * provider it talks to (/model) and how hard the model thinks (/effort). Null: none yet, or follow config.json.
 * A prompt's images (JSON of ImageRef[], the files kept once in the data folder's images/); null: none.
 */
export const m019SessionPlanModel: Migration = {
  version: 19,
  name: 'sessions: plan, chosen provider and reasoning effort; prompts: images',
  sql: `
    ALTER TABLE sessions ADD COLUMN plan_json TEXT;
    ALTER TABLE sessions ADD COLUMN plan_updated_at TEXT;
    ALTER TABLE sessions ADD COLUMN chosen_provider TEXT;
    ALTER TABLE sessions ADD COLUMN reasoning_effort TEXT;
    ALTER TABLE prompts ADD COLUMN images_json TEXT;
  `,
};
