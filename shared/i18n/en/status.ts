/** A session's status chip. */
export const status = {
  idle: 'idle',
  failed: 'failed',
  completed: 'complete',
  conflict: 'conflict',
  waiting_approval: 'approval',
  interrupted: 'interrupted',
  paused: 'paused',
  queued: 'queued',
  running: 'running',
  closed: 'closed',
} as const;
