import { parseArgs } from 'node:util';
import type { EngineEvent } from '../../shared/events';
import type { ApprovalSummary, SessionDetail, SessionSummary } from '../../shared/models';
import type { Result } from '../../shared/result';
import type { SessionStatus } from '../../shared/status';
import { isTerminal } from '../../shared/status';
import { render, shownText } from '../../shared/i18n';
import { ageWords, callText, engineGone, noEngineText, oneLine } from './approval-text';
import { cliText, type CliText, engineError, parseArgsMessage } from './cli-text';
import { openEngineLink, type EngineLink } from './engine-link';
import { eventJsonLine, eventTextLine } from './format';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { ATTACH_USAGE, usage } from './usage';

/** Sessions with work in hand: what `attach` without a session name follows. */
const ACTIVE: ReadonlySet<SessionStatus> = new Set(['running', 'queued', 'waiting_approval', 'conflict', 'paused']);
/** How many of the session's latest events the catch-up repeats. */
const TAIL = 5;
/** The engine options used when no engine runs and the command reads the folder itself: it starts nothing. */
const QUIET_ENGINE = { recover: false, approvals: 'never' } as const;

const label = (s: { name: string | null; ref: string }): string => (s.name ? `${oneLine(s.name, 40)} (S:${s.ref})` : `S:${s.ref}`);
const streamed = (e: EngineEvent): boolean => e.type !== 'assistant_delta' && e.type !== 'reasoning_delta';

/**
 * `paragents attach [SESSION]`: the session's state in a few lines, then its events as they happen, until Ctrl-C
 * (which detaches: the session's prompts go on), the session is closed, or the engine goes away. It only
 * watches: approvals are answered with `paragents approve|deny`, in the app or in its tray.
 *
 * With no engine running nothing can be running either: a named session's stored state and latest events are
 * shown, then the command says no engine runs and exits 1.
 */
export async function runAttachCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { lang, t } = text;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { json: { type: 'boolean', default: false } } });
  } catch (e) {
    io.stderr(`paragents attach: ${parseArgsMessage(text, e)}\n${usage(t, ATTACH_USAGE)}`);
    return EXIT_USAGE;
  }
  if (parsed.positionals.length > 1) {
    io.stderr(`paragents attach: ${t('cliSessions.atMostOne', { count: parsed.positionals.length })}\n${usage(t, ATTACH_USAGE)}`);
    return EXIT_USAGE;
  }
  const wanted = parsed.positionals[0];
  const json = parsed.values.json ?? false;

  const opened = await openEngineLink(io, { purpose: 'read', engine: QUIET_ENGINE });
  if (!opened.ok) {
    io.stderr(`paragents attach: ${engineError(io, opened.error)}`);
    return EXIT_USAGE;
  }
  const link = opened.value;
  // Heard from before the catch-up is read, so that no event falls between the catch-up and the live stream.
  const early: EngineEvent[] = [];
  let deliver: ((e: EngineEvent) => void) | null = null;
  const unsubscribe = link.onEvent((e) => (deliver ? deliver(e) : early.push(e)));
  try {
    if (wanted === undefined && !link.remote) {
      io.stderr(`paragents attach: ${noEngineText(t, io.home)}`);
      return EXIT_FAILED;
    }
    const picked = wanted === undefined ? await onlyActive(link, io, text) : await link.handlers['session.get']({ session: wanted });
    if (typeof picked === 'number') return picked;
    if (!picked.ok) {
      io.stderr(`paragents attach: ${engineError(io, picked.error)}`);
      return EXIT_USAGE;
    }
    const session = picked.value;
    const print = (e: EngineEvent): void => {
      if (!streamed(e)) return;
      const line = json ? eventJsonLine(e) : eventTextLine(e, lang);
      if (line) io.stdout(line);
    };

    const lastSeq = await catchUp(link, session, io, text, json, print);
    if (!link.remote) {
      io.stderr(`paragents attach: ${t('cliInbox.attach.nothingRunning', { noEngine: noEngineText(t, io.home), session: label(session) })}`);
      return EXIT_FAILED;
    }
    if (session.closedAt) {
      io.stderr(`paragents attach: ${t('cliInbox.attach.closed', { session: label(session) })}`);
      return EXIT_FAILED;
    }

    return await new Promise<number>((resolve) => {
      let stopped = false;
      const stop = (code: number, message: string | null): void => {
        if (stopped) return;
        stopped = true;
        for (const signal of SIGNALS) process.off(signal, detach);
        deliver = () => undefined;
        if (message) io.stderr(message);
        resolve(code);
      };
      const detach = (): void => stop(EXIT_OK, `paragents attach: ${t('cliInbox.attach.detached', { session: label(session) })}`);
      for (const signal of SIGNALS) process.on(signal, detach);
      void engineGone(link).then((why) => stop(EXIT_FAILED, `paragents attach: ${render(lang, why)}`));
      deliver = (e) => {
        if (e.sessionId !== session.id) return;
        print(e);
        if (e.type === 'session_closed') stop(EXIT_OK, null);
      };
      for (const e of early.splice(0)) if (e.seq > lastSeq) deliver(e);
    });
  } finally {
    unsubscribe();
    await link.close();
  }
}

/** Ctrl-C, `kill` and a closed terminal all detach; none of them cancels anything. */
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The one active session, or the exit code after saying there is none or naming the several. */
async function onlyActive(link: EngineLink, io: CliIo, { t }: CliText): Promise<Result<SessionDetail> | number> {
  const listed = await link.handlers['session.list']({});
  if (!listed.ok) return listed;
  const active: SessionSummary[] = listed.value.filter((s) => ACTIVE.has(s.status));
  if (active.length === 0) {
    io.stderr(`paragents attach: ${t('cliInbox.attach.noneActive')}`);
    return EXIT_FAILED;
  }
  if (active.length > 1) {
    const lines = active.map((s) => `  ${label(s)}  ${t(`cliSessions.status.${s.status}`)}  ${s.workspace}`);
    io.stderr(`paragents attach: ${t('cliInbox.attach.severalActive', { count: active.length })}\n${lines.join('\n')}`);
    return EXIT_USAGE;
  }
  return link.handlers['session.get']({ session: (active[0] as SessionSummary).id });
}

/**
 * A short catch-up: the session and its status, its unfinished prompts, its latest events and the approvals it
 * waits on. Returns the seq of the latest event shown, so the live stream starts after it.
 */
async function catchUp(link: EngineLink, s: SessionDetail, io: CliIo, text: CliText, json: boolean, print: (e: EngineEvent) => void): Promise<number> {
  const { lang, t } = text;
  const stored = await link.handlers['session.events']({ session: s.id });
  const events = stored.ok ? stored.value : [];
  const lastSeq = events.length > 0 ? Math.max(...events.map((e) => e.seq)) : -1;
  const approvals = await link.handlers['approval.list']({ session: s.id });
  const pending = approvals.ok ? approvals.value.filter((a) => a.status === 'pending') : [];
  const open = s.prompts.filter((p) => !isTerminal(p.status));
  const tail = events.filter(streamed).filter((e) => json || eventTextLine(e) !== null).slice(-TAIL);
  const now = Date.now();

  if (json) {
    io.stdout(
      JSON.stringify({
        type: 'attach',
        session: s.name ?? s.ref,
        sessionRef: s.ref,
        sessionId: s.id,
        workspace: s.workspace,
        status: s.status,
        engineRunning: link.remote,
        prompts: open.map((p) => ({ ref: p.ref, id: p.id, status: p.status, text: p.text })),
        pendingApprovals: pending.map((a) => ({ ref: a.ref, id: a.id, prompt: a.promptRef, tool: a.tool, call: callText(a.tool, a.input), reason: a.decision.reason, alwaysRule: a.alwaysRule, createdAt: a.createdAt })),
      }),
    );
    for (const e of tail) print(e);
    return lastSeq;
  }
  const where = { session: label(s), workspace: s.workspace, status: t(`cliSessions.status.${s.status}`) };
  io.stdout(t(link.remote ? 'cliInbox.attach.attached' : 'cliInbox.attach.session', where));
  for (const p of open) io.stdout(t('cliInbox.attach.prompt', { ref: p.ref, status: t(`cliSessions.promptStatus.${p.status}`), text: oneLine(p.text, 120) }));
  if (tail.length > 0) io.stdout(t('cliInbox.attach.latest', { count: tail.length }));
  for (const e of tail) io.stdout(`    ${eventTextLine(e, lang) ?? ''}`);
  for (const a of pending) io.stdout(pendingText(text, a, now));
  return lastSeq;
}

function pendingText({ lang, t }: CliText, a: ApprovalSummary, now: number): string {
  return t('cliInbox.attach.waiting', {
    ref: a.ref,
    age: ageWords(t, a.createdAt, now),
    call: callText(a.tool, a.input),
    reason: oneLine(shownText(lang, a.decision.reason, a.decision.reasonMsg), 160),
  });
}
