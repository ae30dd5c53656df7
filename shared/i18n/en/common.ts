/** Words many views share. */
export const common = {
  close: 'Close',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  refresh: 'Refresh',
  loading: 'Loading…',
} as const;
