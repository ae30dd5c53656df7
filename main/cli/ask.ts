import { createInterface } from 'node:readline';
import type { ApprovalAnswer } from '../../shared/policy';
import type { EngineEvent } from '../../shared/events';
import type { Result } from '../../shared/result';
import { shownText, translator, type Translator } from '../../shared/i18n';
import type { CliIo } from './io';
import { cliLang } from './lang';

type Requested = Extract<EngineEvent, { type: 'approval_requested' }>;
type Resolved = Extract<EngineEvent, { type: 'approval_resolved' }>;

export interface TerminalAsker {
  /** Queues the question; it is asked once the ones before it are answered. */
  ask(e: Requested): void;
  /**
   * The engine says the approval is answered (or cancelled with its prompt). A question on the terminal that this
   * terminal did not answer stops waiting, saying how it was answered elsewhere; a queued one is dropped.
   */
  resolved(e: Resolved): void;
  close(): void;
}

/** How an answer reads in a sentence: "allowed once", "denied: not now". */
export function answerText(e: Pick<Resolved, 'status' | 'answer'>, t: Translator = translator('en')): string {
  const a = e.answer;
  if (!a) return e.status === 'cancelled' ? t('cli.ask.answer.cancelled') : e.status;
  switch (a.kind) {
    case 'allow_once':
    case 'allow_session':
    case 'allow_children':
    case 'allow_always':
      return t(`cli.ask.answer.${a.kind}`);
    case 'deny':
      return a.message ? t('cli.ask.answer.denyWith', { message: a.message }) : t('cli.ask.answer.deny');
  }
}

/** A line typed, the terminal closed (null), or the question was answered elsewhere meanwhile. */
type Read = { kind: 'line'; line: string } | { kind: 'closed' } | { kind: 'elsewhere' };

/**
 * `--approve ask`: questions are asked one at a time on the terminal, in the order they arrive, while the
 * other sessions keep running. The same approvals wait in the app's inbox (panel, tray, `paragents approve`):
 * whichever answer comes first counts, and the terminal hears about the other one.
 */
export function createTerminalAsker(io: CliIo, answer: (approvalId: string, a: ApprovalAnswer) => Promise<Result<unknown>>): TerminalAsker {
  const rl = createInterface({ input: io.stdin, terminal: false });
  // The questions are in the person's language (PARAGENTS_LANG, config.json's language, the locale); the answers stay y / s / a / n.
  const lang = cliLang(io);
  const t = translator(lang);
  const lines: string[] = [];
  let waiting: ((read: Read) => void) | null = null;
  let ended = false;
  const deliver = (read: Read): void => {
    const w = waiting;
    waiting = null;
    w?.(read);
  };
  rl.on('line', (line) => {
    if (waiting) deliver({ kind: 'line', line });
    else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    deliver({ kind: 'closed' });
  });
  const nextLine = (): Promise<Read> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve({ kind: 'line', line });
    if (ended) return Promise.resolve({ kind: 'closed' });
    return new Promise((resolve) => (waiting = resolve));
  };

  const queue: Requested[] = [];
  /** The question on the terminal now; `answering` once this terminal's answer is on its way to the engine. */
  let current: { e: Requested; answering: boolean; gone: boolean } | null = null;
  let closed = false;

  /** Asks `e` until it is answered here, elsewhere, or the terminal closes. */
  const askOne = async (e: Requested): Promise<void> => {
    const who = e.sessionName ?? e.sessionRef;
    for (;;) {
      io.stderr(
        `${t('cli.ask.question', { ref: e.approvalRef, session: who, tool: e.tool, input: JSON.stringify(e.input) })}\n  ${shownText(lang, e.decision.reason, e.decision.reasonMsg)}\n` +
          t('cli.ask.choices', { always: e.alwaysRule ? ` (${e.alwaysRule})` : '' }),
      );
      let chosen: ApprovalAnswer | null = null;
      while (chosen === null) {
        if (current?.gone) return;
        const read = await nextLine();
        if (read.kind === 'elsewhere') return;
        if (read.kind === 'closed') {
          // Closed by this command (its prompts are over): nothing to answer any more.
          if (closed) return;
          chosen = { kind: 'deny', message: 'no answer: the terminal closed' };
          break;
        }
        chosen = parseAnswer(read.line);
        if (!chosen) io.stderr(t('cli.ask.pleaseInput'));
      }
      if (current) current.answering = true;
      const sent = await answer(e.approvalId, chosen);
      if (sent.ok) return;
      if (sent.error.kind === 'invalid_state') {
        // Someone answered first (the panel, the tray, `paragents approve`): theirs counts.
        io.stderr(t('cli.ask.notUsed', { ref: e.approvalRef, error: sent.error.message }));
        return;
      }
      io.stderr(t('cli.ask.failed', { ref: e.approvalRef, error: sent.error.message }));
      // The engine refused the answer itself ("always" not offered): the question is still open, ask again.
      if (sent.error.kind !== 'invalid_input' || ended) return;
      if (current) current.answering = false;
    }
  };

  let pumping = false;
  const pump = async (): Promise<void> => {
    if (pumping) return;
    pumping = true;
    try {
      for (let e = queue.shift(); e && !closed; e = queue.shift()) {
        current = { e, answering: false, gone: false };
        await askOne(e);
        current = null;
      }
    } finally {
      pumping = false;
    }
  };

  return {
    ask(e) {
      queue.push(e);
      void pump();
    },
    resolved(e) {
      if (current && current.e.approvalId === e.approvalId) {
        // This terminal's own answer (or one that lost the race, which the engine's reply reports).
        if (current.answering) return;
        io.stderr(
          e.status === 'cancelled'
            ? t('cli.ask.withdrawn', { ref: e.approvalRef })
            : t('cli.ask.elsewhere', { ref: e.approvalRef, answer: answerText(e, t) }),
        );
        current.gone = true;
        deliver({ kind: 'elsewhere' });
        return;
      }
      const queued = queue.findIndex((q) => q.approvalId === e.approvalId);
      if (queued >= 0) queue.splice(queued, 1);
    },
    close() {
      closed = true;
      queue.length = 0;
      rl.close();
    },
  };
}

export function parseAnswer(line: string): ApprovalAnswer | null {
  const t = line.trim().toLowerCase();
  if (t === 'y' || t === 'yes') return { kind: 'allow_once' };
  if (t === 's' || t === 'session') return { kind: 'allow_session' };
  if (t === 'a' || t === 'always') return { kind: 'allow_always' };
  if (t === 'n' || t === 'no') return { kind: 'deny' };
  if (t.startsWith('n ') || t.startsWith('no ')) return { kind: 'deny', message: line.trim().replace(/^\S+\s+/, '') };
  return null;
}
