import type { Migration } from './types';

/**
 * A session's mode is the one a person chose for it, or none: then it follows the settings files'
 * `permissions.defaultMode`. `chosen_mode` replaces `mode`, which every session got as 'default' at creation.
 * An existing 'default' is taken as "not chosen": until now no session could be created without writing
 * 'default', so it cannot be told apart from a person's pick, and reading it as one would keep ignoring the
 * settings for every older session. Any other stored mode was picked by a person and is kept.
 */
export const m009SessionModeChoice: Migration = {
  version: 9,
  name: 'sessions: the mode a person chose, or none (follow the settings)',
  sql: `
    ALTER TABLE sessions ADD COLUMN chosen_mode TEXT;
    UPDATE sessions SET chosen_mode = mode WHERE mode <> 'default';
    ALTER TABLE sessions DROP COLUMN mode;
  `,
};
