/** Words many views share. */
export const common = {
  close: 'Close',
  save: 'Save',
  cancel: 'Cancel',
  refresh: 'Refresh',
} as const;
