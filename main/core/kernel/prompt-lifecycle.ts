import { english, msg, type Msg } from '../../../shared/i18n/message';
import { isTerminal, type PromptStatus } from '../../../shared/status';
import type { BudgetStop } from '../../../shared/cost';
import type { PromptWrites } from '../store/prompts';
import type { PromptRow, PromptRunOptions } from '../store/rows';
import type { Store } from '../store/store';
import type { EventBus } from './event-bus';
import { canTransition } from './prompt-transitions';

/** What a move carries: the turn's answer (completed), the error (failed), the reason (cancelled). */
export interface TransitionDetail {
  /** The final answer, for `completed`. */
  content?: string;
  /** What went wrong, for `failed`; stored as the prompt's error. A string is what something else said, as written. */
  error?: string | Msg;
  /** Why it stopped, for `cancelled` and `interrupted`; stored as the prompt's error. */
  reason?: string | Msg;
}

/** A sentence as the store and the events keep it: its English, and the Msg beside it when it is data. */
interface Said {
  text: string;
  msg?: Msg;
}

function said(sentence: string | Msg | undefined, otherwise: Msg): Said {
  const s = sentence ?? otherwise;
  return typeof s === 'string' ? { text: s } : { text: english(s), msg: s };
}

/** The stored error of a prompt: its English, and its Msg (null: what was said had none). */
const storedError = (s: Said) => ({ error: s.text, errorMsg: s.msg ?? null });

/** A move the table does not allow: a bug in the caller, never a user error. */
export class IllegalTransition extends Error {
  constructor(
    readonly promptId: string,
    readonly from: PromptStatus,
    readonly to: PromptStatus,
  ) {
    super(`prompt ${promptId} cannot go from ${from} to ${to}`);
    this.name = 'IllegalTransition';
  }
}

type TerminalHook = (prompt: PromptRow) => void;

/**
 * The only writer of prompt status. Each move is checked against the transition table, written and announced
 * (`prompt_status`, plus `turn_completed` / `turn_failed` / `turn_cancelled` when it ends the prompt) in one
 * transaction, published after it commits. What must happen when a prompt ends (releasing leases, claims and
 * locks; waking prompts that waited for it) is registered here as a terminal hook and called directly, so no
 * ending path can forget it.
 */
export class PromptLifecycle {
  private readonly terminalHooks = new Set<TerminalHook>();

  /** `writes`: the prompt rows' writes, which the composition root hands to the lifecycle alone. */
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly writes: PromptWrites,
  ) {}

  /**
   * Stores a new prompt in its session's queue and announces it (`prompt_queued`). `admit` runs in the same
   * transaction and may hold the prompt back (a preflight conflict) through `transition`; a prompt it leaves in
   * the queue is announced as `queued`. So each prompt's first status event is the status it really has.
   */
  enqueue(sessionId: string, text: string, admit: (prompt: PromptRow) => void, options: PromptRunOptions = {}): PromptRow {
    return this.bus.batch(() => {
      const p = this.writes.create(sessionId, text, options);
      const position = this.store.prompts.count(sessionId, 'queued');
      this.bus.emit({ type: 'prompt_queued', sessionId, promptId: p.id, text, position, ...(options.images?.length ? { images: options.images } : {}) });
      admit(p);
      const now = this.store.prompts.get(p.id) as PromptRow;
      if (now.status === 'queued') this.bus.emit({ type: 'prompt_status', sessionId, promptId: p.id, status: 'queued' });
      return now;
    });
  }

  /**
   * Moves the prompt to `to`; throws IllegalTransition for a move the table does not allow. Called inside a
   * `bus.batch`, the move joins that transaction (so other writes and events of the same step commit with it),
   * and the terminal hooks run once that batch has committed and published.
   */
  transition(promptId: string, to: PromptStatus, detail: TransitionDetail = {}): PromptRow {
    return this.bus.batch(() => {
      const p = this.store.prompts.get(promptId);
      if (!p) throw new Error(`unknown prompt ${promptId}`);
      if (!canTransition(p.status, to)) throw new IllegalTransition(promptId, p.status, to);
      // The row as the move left it (nothing after the status update changes the prompt's row).
      const now = this.write(p, to, detail);
      if (isTerminal(to)) this.bus.afterPublish(() => {
        for (const hook of [...this.terminalHooks]) hook(now);
      });
      return now;
    });
  }

  /** Like transition, but only when the prompt is in one of `from`; returns null (and changes nothing) otherwise. */
  transitionFrom(promptId: string, from: readonly PromptStatus[], to: PromptStatus, detail: TransitionDetail = {}): PromptRow | null {
    const p = this.store.prompts.get(promptId);
    if (!p || !from.includes(p.status)) return null;
    return this.transition(promptId, to, detail);
  }

  /** A prompt's new text (`prompt.edit` of a prompt not started yet); the search index follows it. */
  editText(promptId: string, text: string): void {
    this.writes.setText(promptId, text);
  }

  /** Replaces the run options given (`prompt.resume`); the ones left out keep their stored value. */
  setRunOptions(promptId: string, options: PromptRunOptions): void {
    this.writes.setRunOptions(promptId, options);
  }

  /** The budget a prompt paused at while it waits for a person; null once it goes on. */
  setBudgetStop(promptId: string, stop: BudgetStop | null): void {
    this.writes.setBudgetStop(promptId, stop);
  }

  /** A fork's copy of a finished prompt in session `sessionId` (its text and outcome, no usage); returns its id. */
  copyFinished(sessionId: string, prompt: PromptRow): string {
    return this.writes.copyFinished(sessionId, prompt);
  }

  /** Called after a prompt reaches a terminal status, once its move has committed and been published. */
  onTerminal(hook: TerminalHook): () => void {
    this.terminalHooks.add(hook);
    return () => this.terminalHooks.delete(hook);
  }

  private write(p: PromptRow, to: PromptStatus, detail: TransitionDetail): PromptRow {
    const { bus } = this;
    const base = { sessionId: p.session_id, promptId: p.id };
    let now: PromptRow | undefined;
    // What the ending says, written to the row and announced alike.
    const failed = said(detail.error, msg('reasons.turnStopFailed'));
    const cancelled = said(detail.reason, msg('reasons.cancelled'));
    switch (to) {
      case 'running':
        now = this.writes.setStatus(p.id, to, { started: p.started_at === null, error: null, errorMsg: null });
        break;
      case 'queued':
      case 'waiting_approval':
      case 'conflict':
      case 'paused':
        now = this.writes.setStatus(p.id, to);
        break;
      case 'interrupted':
        now = this.writes.setStatus(p.id, to, storedError(said(detail.reason, msg('notices.error.interruptedTurn'))));
        break;
      case 'completed':
        now = this.writes.setStatus(p.id, to, { finished: true, error: null, errorMsg: null });
        break;
      case 'failed':
        now = this.writes.setStatus(p.id, to, { finished: true, ...storedError(failed) });
        break;
      case 'cancelled':
        now = this.writes.setStatus(p.id, to, { finished: true, ...storedError(cancelled) });
        break;
      default: {
        const never: never = to;
        throw new Error(`unhandled prompt status ${String(never)}`);
      }
    }
    // A prompt that ends no longer waits on anyone: its open approval cards are withdrawn first.
    if (isTerminal(to)) this.cancelPendingApprovals(p);
    bus.emit({ type: 'prompt_status', ...base, status: to });
    switch (to) {
      case 'completed':
        bus.emit({ type: 'turn_completed', ...base, content: detail.content ?? '' });
        break;
      case 'failed':
        bus.emit({ type: 'turn_failed', ...base, error: failed.text, ...(failed.msg ? { errorMsg: failed.msg } : {}) });
        break;
      case 'cancelled':
        bus.emit({ type: 'turn_cancelled', ...base, reason: cancelled.text, ...(cancelled.msg ? { reasonMsg: cancelled.msg } : {}) });
        break;
      default:
        break;
    }
    return now as PromptRow;
  }

  private cancelPendingApprovals(p: PromptRow): void {
    for (const a of this.store.approvals.list({ sessionId: p.session_id, status: 'pending' })) {
      if (a.prompt_id !== p.id) continue;
      this.store.approvals.answer(a.id, 'cancelled', null);
      this.bus.emit({
        type: 'approval_resolved',
        sessionId: p.session_id,
        promptId: p.id,
        approvalId: a.id,
        approvalRef: a.ref,
        status: 'cancelled',
        answer: null,
      });
    }
  }
}
