import type { PromptStatus, SessionStatus } from '../../../shared/status';
import { missingCase } from '../../../shared/result';

/**
 * A prompt that an engine was running when it stopped: running, waiting for an approval, or held at a conflict
 * after its turn began (held before it began, it is still only queued work). Only a live engine moves such a
 * prompt on; without one, it waits for a person to resume or discard it.
 */
export function leftMidTurn(p: { status: PromptStatus; startedAt: string | null }): boolean {
  switch (p.status) {
    case 'running':
    case 'waiting_approval':
      return true;
    case 'conflict':
      return p.startedAt !== null;
    case 'queued':
    case 'paused':
    case 'interrupted':
    case 'completed':
    case 'failed':
    case 'cancelled':
      return false;
    default:
      return missingCase(p.status);
  }
}

/**
 * What a reader shows for a prompt as stored. While a live engine holds the data folder, the stored status is
 * the truth. Without one, a prompt left mid-turn is `interrupted`: the engine that ran it is gone, and the next one
 * to open the folder records exactly that (recovery.ts). Reading changes nothing stored.
 */
export function shownPromptStatus(p: { status: PromptStatus; startedAt: string | null }, engineLive: boolean): PromptStatus {
  return !engineLive && leftMidTurn(p) ? 'interrupted' : p.status;
}

/**
 * A session's status as stored (derived from its prompts, shared/session-status.ts) as a reader shows it, given
 * whether one of its prompts was left mid-turn and no live engine holds the folder. Such a prompt counts as
 * `interrupted`, which outranks every status a session takes from its prompts but a conflict (a person's
 * decision still waits); a closed session stays closed.
 */
export function shownSessionStatus(stored: SessionStatus, leftTurn: boolean, engineLive: boolean): SessionStatus {
  if (engineLive || !leftTurn) return stored;
  switch (stored) {
    case 'closed':
    case 'conflict':
      return stored;
    case 'waiting_approval':
    case 'interrupted':
    case 'paused':
    case 'running':
    case 'queued':
    case 'idle':
    case 'failed':
    case 'completed':
      return 'interrupted';
    default:
      return missingCase(stored);
  }
}
