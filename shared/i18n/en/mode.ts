/** A session's permission mode with where it came from ("acceptEdits (from user settings)"). */
export const mode = {
  text: '{{mode}} ({{source}})',
  source: {
    session: 'chosen for this session',
    managed: 'from managed settings',
    local: 'from local project settings',
    project: 'from project settings',
    user: 'from user settings',
    default: 'built in',
  },
  followSettings: 'Follow settings',
} as const;
