/** A session's transcript: tool calls, reasoning, interrupted turns, the queue, diffs. */
export const transcript = {
  diff: 'Diff',
  thinking: 'Thinking…',
  toolStatus: {
    running: 'running',
    waiting_approval: 'waiting for approval',
    blocked: 'blocked',
    denied: 'denied',
    cancelled: 'cancelled',
    done: 'done',
    error: 'error',
  },
  interrupted: {
    label: 'Interrupted turn {{ref}}',
    title: 'This turn was interrupted when Paragents stopped',
    hint: 'Resume goes on from its last finished step; a tool call that was cut off is reported to the model, not run again. Discard cancels the turn.',
    resume: 'Resume',
    discard: 'Discard',
  },
  queue: {
    label: 'Queued prompts',
    title: 'Queued ({{count}})',
    editLabel: 'Edit queued {{ref}}',
    cancelLabel: 'Cancel queued {{ref}}',
    edit: 'Edit',
  },
  label: 'Transcript',
  mode: 'Mode',
  closeSession: 'Close session',
  loading: 'Loading messages…',
  loadingEarlier: 'Loading earlier messages…',
  showEarlier: 'Show earlier messages',
};
