/** The conflict card. */
export const conflict = {
  label: 'Conflict',
  title: 'Conflict',
  titleWith: 'Conflict with session {{other}}',
  prompt: 'Prompt {{ref}}: ',
  otherSession: ' (session {{ref}})',
  end: '.',
  kind: {
    declared_output: 'both declare the same output',
    write_write: 'both write the same files',
    stale_read: 'it read files another session has since changed',
    exclusive_command: 'a command that must run alone',
    git_destructive: 'a destructive git command',
  },
  override: 'Override',
  wait: 'Wait',
  cancel: 'Cancel',
} as const;
