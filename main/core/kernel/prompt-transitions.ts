import type { PromptStatus } from '../../../shared/status';

/**
 * Every move a prompt's status may make. A status missing from a list cannot be reached from that one; the
 * terminal statuses lead nowhere. Keyed by every status, so adding a status does not compile until its moves
 * are written down here.
 */
export const PROMPT_TRANSITIONS: { readonly [S in PromptStatus]: readonly PromptStatus[] } = {
  // Waiting in its session's queue: a worker starts it, a preflight holds it at a conflict (or blocks it
  // headless), or it is cancelled before it starts.
  queued: ['running', 'conflict', 'failed', 'cancelled'],
  // A turn in progress. `queued` and `interrupted` are for turns whose engine went away mid-turn.
  running: ['waiting_approval', 'paused', 'conflict', 'completed', 'failed', 'cancelled', 'queued', 'interrupted'],
  waiting_approval: ['running', 'cancelled', 'failed', 'queued', 'interrupted'],
  // Held at a conflict: before it started (back to the queue) or inside its turn (back to running).
  conflict: ['queued', 'running', 'failed', 'cancelled', 'interrupted'],
  paused: ['running', 'queued', 'cancelled', 'interrupted'],
  // Left mid-turn by an engine that stopped: resumed (queued again) or discarded.
  interrupted: ['queued', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: PromptStatus, to: PromptStatus): boolean {
  return PROMPT_TRANSITIONS[from].includes(to);
}
