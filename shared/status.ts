import { z } from 'zod';

export const PromptStatus = z.enum([
  'queued',
  'running',
  'waiting_approval',
  'conflict',
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
  'queued',
  'running',
]);
export type SessionStatus = z.infer<typeof SessionStatus>;
