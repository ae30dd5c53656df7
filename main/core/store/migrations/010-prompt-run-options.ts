import type { Migration } from './types';

/**
 * A prompt's own run options, given with `prompt.send` or `prompt.resume`: how its policy "ask" outcomes are
 * answered (`approvals`) and what it does at a conflict with another session (`on_conflict`). NULL means the
 * engine's defaults apply, which is what every prompt stored before this migration gets. One engine serves
 * several clients (the app, `serve`, commands joining it), so these can no longer be the engine's alone.
 */
export const m010PromptRunOptions: Migration = {
  version: 10,
  name: "prompts: the prompt's own approvals and on-conflict answers",
  sql: `
    ALTER TABLE prompts ADD COLUMN approvals TEXT CHECK (approvals IN ('ask', 'all', 'never'));
    ALTER TABLE prompts ADD COLUMN on_conflict TEXT CHECK (on_conflict IN ('wait', 'override', 'block'));
  `,
};
