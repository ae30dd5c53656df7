import { z } from 'zod';

export const PromptStatus = z.enum([
  'queued',
  'running',
  'waiting_approval',
  'conflict',
  /** Stopped by the user at a step boundary; holds no slot; goes on when resumed. */
  'paused',
  'completed',
  'failed',
  'cancelled',
]);
export type PromptStatus = z.infer<typeof PromptStatus>;

export const TERMINAL_STATUSES: ReadonlySet<PromptStatus> = new Set(['completed', 'failed', 'cancelled']);
export const isTerminal = (s: PromptStatus): boolean => TERMINAL_STATUSES.has(s);

/** Session status shown in lists: derived from its prompts (latest first), as in the original's markers. */
export const SessionStatus = z.enum([
  'idle',
  'failed',
  'completed',
  'conflict',
  'waiting_approval',
  'paused',
  'running',
  'queued',
]);
export type SessionStatus = z.infer<typeof SessionStatus>;
