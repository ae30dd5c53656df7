import type { PromptStatus, SessionStatus } from './status';

/**
 * What a session's status is derived from. The engine builds it from its rows, the panel from what it has heard;
 * the same facts give the same answer on both sides.
 */
export interface SessionStatusInput {
  /** A closed session says `closed` whatever its prompts did (closing cancels them). */
  closed: boolean;
  /** Statuses of the session's prompts, in the order they were sent: once none is active, the last one decides. */
  prompts: readonly PromptStatus[];
  /**
   * A conflict waits for a person's decision. Its prompt shows `conflict` too, but the panel may hear of the
   * conflict before the prompt's own status, and a conflict need not name a prompt.
   */
  openConflict: boolean;
}

/**
 * What one prompt says about its session: the session status it stands for, and how urgently. Active prompts
 * (urgency > 0) compete and the most urgent wins: a conflict and an approval hold a live turn until a person
 * answers, an interrupted turn waits for a person to resume or discard it, a paused prompt for one to resume it,
 * and a running prompt outranks those queued behind it. Finished prompts (urgency 0) only count when nothing is
 * active, and then only the last one. A cancelled prompt leaves its session `idle`, not `failed`: it was stopped
 * on purpose and the session waits for its next prompt.
 * Urgencies are spaced so that a new status slots in with one line.
 */
export function promptWeight(status: PromptStatus): { status: SessionStatus; urgency: number } {
  switch (status) {
    case 'conflict':
      return { status: 'conflict', urgency: 50 };
    case 'waiting_approval':
      return { status: 'waiting_approval', urgency: 40 };
    case 'interrupted':
      return { status: 'interrupted', urgency: 35 };
    case 'paused':
      return { status: 'paused', urgency: 30 };
    case 'running':
      return { status: 'running', urgency: 20 };
    case 'queued':
      return { status: 'queued', urgency: 10 };
    case 'completed':
      return { status: 'completed', urgency: 0 };
    case 'failed':
      return { status: 'failed', urgency: 0 };
    case 'cancelled':
      return { status: 'idle', urgency: 0 };
    default: {
      const _never: never = status;
      return _never;
    }
  }
}

const CONFLICT_URGENCY = promptWeight('conflict').urgency;

/** The one derivation of a session's status, used by the engine's summaries, the CLI and the panel's chips. */
export function deriveSessionStatus(input: SessionStatusInput): SessionStatus {
  if (input.closed) return 'closed';
  let best: { status: SessionStatus; urgency: number } | null = input.openConflict
    ? { status: 'conflict', urgency: CONFLICT_URGENCY }
    : null;
  for (const p of input.prompts) {
    const w = promptWeight(p);
    if (w.urgency > 0 && (best === null || w.urgency > best.urgency)) best = w;
  }
  if (best !== null) return best.status;
  const last = input.prompts.at(-1);
  return last === undefined ? 'idle' : promptWeight(last).status;
}
