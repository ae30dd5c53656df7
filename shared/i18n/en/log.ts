/** The command output strip. */
export const log = {
  label: 'Command output',
  clear: 'Clear',
};
