import type { PromptApprovals, PromptOnConflict } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { PromptSummary } from '../../shared/models';
import { isTerminal, type PromptStatus } from '../../shared/status';
import type { RemoteEngineLink } from '../local/endpoint-client';
import { createTerminalAsker } from './ask';
import type { EngineLink } from './engine-link';
import { eventJsonLine, eventTextLine } from './format';
import { render, shownError, type Msg } from '../../shared/i18n';
import { cliText } from './cli-text';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';
import { EXIT_INTERRUPTED, type Interrupts } from './signals';

export interface DriveOptions {
  json: boolean;
  approve: PromptApprovals;
  onConflict: PromptOnConflict;
}

/** What every prompt this command sends or resumes carries, so that other clients' prompts keep their own. */
export interface PromptSettings {
  approvals: PromptApprovals;
  onConflict: PromptOnConflict;
}

/** Statuses of a prompt that some client is still driving; paused and interrupted ones wait for a person. */
const LIVE: ReadonlySet<PromptStatus> = new Set(['queued', 'running', 'waiting_approval', 'conflict']);

const isRemote = (link: EngineLink): link is RemoteEngineLink => link.remote && 'ended' in link;

/**
 * Runs prompts to their end: prints their events (JSON lines or text), asks their approvals on the terminal with
 * `--approve ask`, and resolves once every tracked prompt has ended. The engine may be shared (the desktop app,
 * `serve`, other commands): only this command's prompts are printed and answered; the rest is other clients'.
 *
 * `start` sends or resumes the prompts (with `settings`) and tracks each one; it returns an exit code to stop
 * early (bad usage), or null. Interrupts: the first cancels the prompts, the second forces (SIGKILL to their tools),
 * and once they are recorded `cancelled` the command exits 130. A command that started the engine itself keeps
 * serving the prompts other commands sent to it until they end; an interrupt cancels those too.
 * Exit: 0 when every tracked prompt completed, 1 otherwise, 130 when forced.
 */
export async function drivePrompts(
  link: EngineLink,
  io: CliIo,
  opts: DriveOptions,
  interrupts: Interrupts,
  start: (track: (prompt: PromptSummary) => void, settings: PromptSettings) => Promise<number | null>,
): Promise<number> {
  const h = link.handlers;
  const { lang, t } = cliText(io);
  // Read when needed: a command whose engine went away before taking its prompt may host the next one itself.
  const hosting = (): boolean => !link.remote;
  const ours = new Map<string, PromptStatus>();
  const ourSessions = new Set<string>();
  /** Prompts of other clients seen alive in this engine (it is ours to serve when this process hosts it). */
  const others = new Map<string, PromptStatus>();
  let wake: () => void = () => undefined;
  const changed = (): void => wake();
  const nextChange = (): Promise<void> => new Promise((resolve) => (wake = resolve));

  const asker =
    opts.approve === 'ask'
      ? createTerminalAsker(io, async (approval, answer) => h['approval.answer']({ approval, answer }))
      : null;

  /** Approvals already put to the terminal: from their event, or found pending when a turn was resumed. */
  const asked = new Set<string>();
  const askOnce = (e: Extract<EngineEvent, { type: 'approval_requested' }>): void => {
    if (!asker || asked.has(e.approvalId)) return;
    asked.add(e.approvalId);
    asker.ask(e);
  };

  const isOurs = (e: EngineEvent): boolean => (e.promptId ? ours.has(e.promptId) : ourSessions.has(e.sessionId));

  const handle = (e: EngineEvent): void => {
    if (e.type === 'prompt_status' && e.promptId) {
      // The end of one of ours is taken from the turn_* event that follows its status, so that the command
      // prints that event before it ends (over the endpoint the two may arrive apart).
      if (!ours.has(e.promptId)) others.set(e.promptId, e.status);
      else if (!isTerminal(e.status)) ours.set(e.promptId, e.status);
      changed();
    }
    const ending = e.type === 'turn_completed' ? 'completed' : e.type === 'turn_failed' ? 'failed' : e.type === 'turn_cancelled' ? 'cancelled' : null;
    if (ending && e.promptId && ours.has(e.promptId)) {
      ours.set(e.promptId, ending);
      changed();
    }
    if (!isOurs(e)) return;
    if (e.type !== 'assistant_delta' && e.type !== 'reasoning_delta') {
      if (opts.json) io.stdout(eventJsonLine(e));
      else {
        const line = eventTextLine(e, lang);
        if (line) io.stdout(line);
      }
    }
    if (e.type === 'approval_requested') askOnce(e);
    if (e.type === 'approval_resolved') asker?.resolved(e);
  };

  // Until `start` has tracked its prompts, their first events cannot be told from other clients': held, then
  // replayed in order.
  let held: EngineEvent[] | null = [];
  const unsubscribe = link.onEvent((e) => (held ? held.push(e) : handle(e)));

  /** Every prompt an interrupt stops: this command's, and when it hosts the engine, the other clients' too. */
  const stoppable = (): string[] => [
    ...[...ours].filter(([, s]) => !isTerminal(s)).map(([id]) => id),
    ...(hosting() ? [...others].filter(([, s]) => LIVE.has(s)).map(([id]) => id) : []),
  ];
  const cancelAll = (force: boolean): void => {
    for (const prompt of stoppable()) {
      void Promise.resolve(h['prompt.cancel']({ prompt, ...(force ? { force: true } : {}) })).then((r) => {
        // Already ended on its own: nothing to say.
        if (!r.ok && r.error.kind !== 'invalid_state') io.stderr(t('cliErrors.cannotCancel', { prompt, error: shownError(lang, r.error) }));
      });
    }
  };
  const offInterrupt = interrupts.onChange((level) => {
    if (level === 'cancel') {
      io.stderr(t('cliErrors.cancelling'));
      cancelAll(false);
    } else {
      io.stderr(t('cliErrors.forcing'));
      cancelAll(true);
    }
    changed();
  });

  /** Why the connection to the engine ended, once it has (the engine's process went away). */
  const connection = { lost: null as Msg | null };
  /** Watched once the prompts are sent: until then a link that lost its engine sends them to the next one. */
  const watchConnection = (): void => {
    const ended = isRemote(link) ? link.ended : null;
    void ended?.then((reason) => {
      connection.lost = reason;
      changed();
    });
  };

  async function askPending(): Promise<void> {
    for (const session of ourSessions) {
      const list = await h['approval.list']({ session });
      if (!list.ok) continue;
      for (const a of list.value) {
        if (a.status !== 'pending' || !ours.has(a.promptId)) continue;
        askOnce({
          type: 'approval_requested',
          seq: 0,
          ts: a.createdAt,
          sessionId: a.sessionId,
          sessionRef: a.sessionRef,
          sessionName: null,
          promptId: a.promptId,
          promptRef: a.promptRef,
          approvalId: a.id,
          approvalRef: a.ref,
          callId: a.callId,
          tool: a.tool,
          input: a.input,
          decision: a.decision,
          alwaysRule: a.alwaysRule,
        });
      }
    }
  }

  // A function, not a narrowed read: the level changes while this function waits.
  const forced = (): boolean => interrupts.level === 'force';

  /** Waits until `done()` holds, re-checking on every status change, interrupt and loss of the engine. */
  const until = async (done: () => boolean): Promise<void> => {
    while (!done() && connection.lost === null) await nextChange();
  };

  try {
    // Interrupted while the command was still getting ready (opening the engine, checking its input).
    if (interrupts.level !== 'none') {
      io.stderr(t('cliErrors.cancelledBeforeSend'));
      return interrupts.level === 'force' ? EXIT_INTERRUPTED : EXIT_FAILED;
    }
    const early = await start(
      (p) => {
        // Accepted by this engine: from now on, losing it is reported, not followed to the next one.
        link.pin?.();
        if (!ours.has(p.id)) ours.set(p.id, p.status);
        ourSessions.add(p.sessionId);
        // Sent after an interrupt (while `start` was still at work): stopped at once.
        if (interrupts.level !== 'none') void h['prompt.cancel']({ prompt: p.id, ...(interrupts.level === 'force' ? { force: true } : {}) });
      },
      { approvals: opts.approve, onConflict: opts.onConflict },
    );
    watchConnection();
    const replay = held;
    held = null;
    for (const e of replay) handle(e);
    // A resumed turn whose tool call was already waiting for an answer asks again without a new event: put the
    // approvals still pending on this command's prompts to the terminal too.
    if (asker) await askPending();
    if (early !== null) {
      for (const [id, s] of ours) if (!isTerminal(s)) void h['prompt.cancel']({ prompt: id });
      return early;
    }

    await until(() => [...ours.values()].every(isTerminal));
    if (connection.lost !== null && ![...ours.values()].every(isTerminal)) {
      io.stderr(t('cliErrors.engineLost', { reason: render(lang, connection.lost) }));
      return EXIT_FAILED;
    }

    if (hosting()) {
      const alive = (): number => [...others.values()].filter((s) => LIVE.has(s)).length;
      if (alive() > 0) {
        io.stderr(t('cliErrors.waitingOthers', { count: alive() }));
        await until(() => alive() === 0);
      }
    }
    if (forced()) return EXIT_INTERRUPTED;
    return [...ours.values()].every((s) => s === 'completed') ? EXIT_OK : EXIT_FAILED;
  } finally {
    offInterrupt();
    unsubscribe();
    asker?.close();
  }
}
