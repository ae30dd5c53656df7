import { z } from 'zod';

export const PromptStatus = z.enum([
  'queued',
  'running',
  'waiting_approval',
  'conflict',
  /** Stopped by the user at a step boundary; holds no slot; goes on when resumed. */
  'paused',
  /** Left mid-turn by an engine that stopped (crash, kill, quit): resumed or discarded by a person or a command. */
  'interrupted',
  'completed',
  'failed',
  'cancelled',
]);
export type PromptStatus = z.infer<typeof PromptStatus>;

export const TERMINAL_STATUSES: ReadonlySet<PromptStatus> = new Set(['completed', 'failed', 'cancelled']);
export const isTerminal = (s: PromptStatus): boolean => TERMINAL_STATUSES.has(s);

/** Session status shown in lists and chips: derived from its prompts by `deriveSessionStatus` (session-status.ts). */
export const SessionStatus = z.enum([
  /** Nothing to do: no prompt yet, or the last one was cancelled (stopped on purpose, nothing went wrong). */
  'idle',
  'failed',
  'completed',
  'closed',
  'conflict',
  'waiting_approval',
  /** A turn was left mid-way by an engine that stopped; it waits for Resume or Discard. */
  'interrupted',
  'paused',
  'running',
  'queued',
]);
export type SessionStatus = z.infer<typeof SessionStatus>;
