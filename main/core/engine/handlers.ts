import { statSync } from 'node:fs';
import type { ProcessRequestNames } from './process-requests';
import type { HostedChildRequestNames } from './agents/hosted';
import type { MachineRequestNames } from './machine-requests';
import { isLocalMachine } from '../../../shared/machines';
import { resolve } from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import { err, ok, type Result } from '../../../shared/result';
import { isTerminal, type PromptStatus } from '../../../shared/status';
import type { RedactedConfig } from '../../../shared/config';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';
import type { Scheduler } from './scheduler';
import type { ApprovalWaiters } from '../kernel/approval-waiters';
import type { Pauses } from '../kernel/pauses';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import type { SetupRequestNames } from './setup-handlers';
import type { Authorizer } from './authorizer';
import type { PromptRow, PromptRunOptions } from '../store/rows';
import type { JournalEntry, UndoReport } from '../conflicts';
import type { PermissionMode } from '../../../shared/policy';
import type { SessionSummary } from '../../../shared/models';
import type { SessionRow } from '../store/rows';
import type { WorktreeRequests } from '../worktree';
import type { EffectiveMode } from '../policy';
import type { HistoryRequestNames } from './history-handlers';
import type { ContextRequestNames } from './context-handlers';
import { createReadHandlers } from './read-handlers';
import type { SearchRequestNames } from './search-handlers';
import type { McpRequestNames } from '../mcp';
import type { GatewayRequestNames } from './gateway-requests';
import type { CostRequestNames } from '../cost';
import type { HooksRequestNames } from '../hooks';
import type { SandboxRequestNames } from '../sandbox/handlers';
import type { ChangesRequestNames } from './changes-handlers';
import type { AgentsRequestNames } from './agents/handlers';
import type { ModelRequestNames } from './model-handlers';
import { realPathOf } from '../conflicts/real-path';
import { msg, type Msg } from '../../../shared/i18n/message';
import { thrownSentence } from '../../../shared/msg-error';
import { promptStatusWord } from '../store/request-words';
import { promptImages } from '../store/prompt-images';
import type { ImageIntake } from '../images/accept';

export interface HandlerDeps {
  store: Store;
  bus: EventBus;
  prompts: PromptLifecycle;
  scheduler: Scheduler;
  waiters: ApprovalWaiters;
  pauses: Pauses;
  authorizer: Authorizer;
  headless: boolean;
  configView: () => Promise<Result<RedactedConfig>>;
  /** Conflict resolution (conflict engine). */
  resolveConflict: (prompt: PromptRow, resolution: 'override' | 'wait' | 'cancel') => Result<null>;
  /** Preflight of a stored new prompt (conflict engine): may move it from `queued` to `conflict` or `failed`. */
  preflight: (prompt: PromptRow) => PromptStatus;
  /** Preflight again after `prompt.edit` (conflict engine): may move it into or out of `conflict`. */
  repreflight: (prompt: PromptRow) => PromptStatus;
  /** Change journal and undo (conflict engine). */
  journal: {
    list(filter: { sessionId?: string; path?: string }): JournalEntry[];
    undo(sessionId: string, opts: { dryRun?: boolean; path?: string }): Promise<Result<UndoReport>>;
  };
  /** Creates a session in its own git worktree (worktree service). */
  isolate: (input: { workspace: string; name: string | null; mode: PermissionMode | null }) => Promise<Result<SessionRow>>;
  /** The session's effective mode and its source (policy engine): what its summaries and events report. */
  modeOf: (row: SessionRow) => EffectiveMode;
  /** Checks and keeps a prompt's images. */
  images: ImageIntake;
}

/** Requests answered elsewhere (setup-handlers.ts, worktree/service.ts), merged in by the composition root. */
type SetupRequests = SetupRequestNames | WorktreeRequests | HistoryRequestNames | ContextRequestNames | McpRequestNames | GatewayRequestNames | CostRequestNames | HooksRequestNames | SearchRequestNames | ChangesRequestNames | SandboxRequestNames | AgentsRequestNames | ModelRequestNames | ProcessRequestNames | MachineRequestNames | HostedChildRequestNames;

export function createHandlers(d: HandlerDeps): Omit<RequestHandlers, SetupRequests> {
  const { store, bus, scheduler } = d;
  const summary = (row: SessionRow): SessionSummary => store.summaries.session(row, d.modeOf(row));
  const created = (row: SessionRow): SessionSummary => {
    const s = summary(row);
    bus.emit({ type: 'session_created', sessionId: row.id, promptId: null, workspace: row.workspace, mode: s.mode, modeSource: s.modeSource });
    return s;
  };

  const cancelPrompt = (p: PromptRow, reason: Msg, force = false): void => {
    if (isTerminal(p.status)) return;
    if (scheduler.abort(p.id, reason, { force })) return;
    // Not in a worker (queued behind others, held at a conflict, paused or interrupted earlier): cancel it here.
    d.prompts.transition(p.id, 'cancelled', { reason });
  };

  /** A new prompt enters the queue, passes the preflight, and its session's worker is woken. */
  const enqueue = (sessionId: string, text: string, options: PromptRunOptions): PromptRow => {
    const p = d.prompts.enqueue(sessionId, text, d.preflight, options);
    scheduler.kick(sessionId);
    return p;
  };

  const createIsolated = async (dir: string, name: string | null, mode: PermissionMode | null): Promise<Result<SessionSummary>> => {
    const row = await d.isolate({ workspace: dir, name, mode });
    if (!row.ok) return row;
    return ok(created(row.value));
  };

  return {
    'image.get': ({ hash }) => d.images.show(hash),
    ...createReadHandlers({ store, modeOf: d.modeOf, headless: d.headless, authorizer: d.authorizer, configView: d.configView, journal: d.journal.list }),

    'session.create': ({ workspace, name, mode, isolate, machine }) => {
      if (!isLocalMachine(machine)) return err('not_found', msg('machines.hub.notReached', { name: machine ?? '' }));
      const dir = resolve(workspace);
      let isDir = false;
      try {
        isDir = statSync(dir).isDirectory();
      } catch {
        return err('invalid_input', msg('notices.request.noWorkspace', { path: dir }));
      }
      if (!isDir) return err('invalid_input', msg('notices.request.notAFolder', { path: dir }));
      if (name && store.sessions.byName(name)) return err('invalid_input', msg('notices.request.nameTaken', { name }));
      // Without a mode picked here the session follows the settings' defaultMode until a person picks one.
      if (isolate) return createIsolated(dir, name ?? null, mode ?? null);
      return ok(created(store.sessions.create({ workspace: dir, name: name ?? null, mode: mode ?? null })));
    },

    'session.close': ({ session }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      for (const p of store.prompts.list(s.value.id)) cancelPrompt(p, msg('reasons.turnCancelled', { reason: msg('reasons.turnStopSessionClosed') }));
      store.sessions.close(s.value.id);
      bus.emit({ type: 'session_closed', sessionId: s.value.id, promptId: null });
      return ok(null);
    },

    'session.setMode': ({ session, mode }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      store.sessions.setMode(s.value.id, mode);
      const next = summary(store.sessions.get(s.value.id) ?? s.value);
      bus.emit({ type: 'session_mode', sessionId: s.value.id, promptId: null, mode: next.mode, modeSource: next.modeSource });
      return ok(next);
    },

    'prompt.send': ({ session, text, approvals, onConflict, images }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      if (s.value.closed_at) return err('invalid_state', msg('notices.request.sessionClosed', { ref: s.value.ref }));
      const kept = images?.length ? d.images.accept(s.value, images) : undefined;
      if (kept && !kept.ok) return kept;
      return ok(store.summaries.prompt(enqueue(s.value.id, text, { approvals, onConflict, ...(kept?.value.length ? { images: kept.value } : {}) })));
    },

    'prompt.cancel': ({ prompt, force }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      if (isTerminal(p.value.status)) return err('invalid_state', msg('notices.request.promptAlready', { ref: p.value.ref, status: promptStatusWord(p.value.status) }));
      cancelPrompt(p.value, msg(force ? 'reasons.turnStopByUserForced' : 'reasons.turnStopByUser'), force ?? false);
      return ok(store.summaries.prompt(store.prompts.get(p.value.id) ?? p.value));
    },

    'prompt.retry': ({ prompt }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      if (p.value.status !== 'failed' && p.value.status !== 'cancelled') {
        return err('invalid_state', msg('notices.request.onlyFailedRetry', { ref: p.value.ref, status: promptStatusWord(p.value.status) }));
      }
      const session = store.sessions.get(p.value.session_id);
      if (session?.closed_at) return err('invalid_state', msg('notices.request.sessionClosed', { ref: session.ref }));
      // A retry is a new prompt with the same text and options, so the transcript keeps the failed attempt as it was.
      const images = promptImages(p.value);
      const options = { approvals: p.value.approvals ?? undefined, onConflict: p.value.on_conflict ?? undefined, ...(images.length > 0 ? { images } : {}) };
      return ok(store.summaries.prompt(enqueue(p.value.session_id, p.value.text, options)));
    },

    'prompt.pause': ({ prompt }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      if (!['running', 'waiting_approval'].includes(p.value.status) || !scheduler.isRunning(p.value.id)) {
        return err('invalid_state', msg('notices.request.onlyRunningPause', { ref: p.value.ref, status: promptStatusWord(p.value.status) }));
      }
      d.pauses.request(p.value.id);
      return ok(store.summaries.prompt(store.prompts.get(p.value.id) ?? p.value));
    },

    'prompt.resume': ({ prompt, approvals, onConflict }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      const resumable = p.value.status === 'interrupted' || p.value.status === 'paused' || d.pauses.isRequested(p.value.id);
      // Whoever resumes the turn answers for it from now on (its tool calls read the options at each call).
      if (resumable && (approvals !== undefined || onConflict !== undefined)) d.prompts.setRunOptions(p.value.id, { approvals, onConflict });
      if (p.value.status === 'interrupted') {
        // Resumed from its transcript: finished tool calls are not run again, one cut off mid-run is reported.
        d.prompts.transition(p.value.id, 'queued');
        scheduler.kick(p.value.session_id);
        return ok(store.summaries.prompt(store.prompts.get(p.value.id) ?? p.value));
      }
      const requested = d.pauses.isRequested(p.value.id);
      if (p.value.status !== 'paused' && !requested) return err('invalid_state', msg('notices.request.notPaused', { ref: p.value.ref, status: promptStatusWord(p.value.status) }));
      if (!d.pauses.resume(p.value.id) && p.value.status === 'paused') {
        // Paused in an earlier run of Paragents: no turn is waiting, so it goes back to the queue and resumes
        // from its transcript.
        d.prompts.transition(p.value.id, 'queued');
        scheduler.kick(p.value.session_id);
      }
      return ok(store.summaries.prompt(store.prompts.get(p.value.id) ?? p.value));
    },

    'prompt.edit': ({ prompt, text }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      // A prompt held at a conflict before it started can be edited too (e.g. to name another output file).
      const held = p.value.status === 'conflict' && p.value.started_at === null;
      if ((p.value.status !== 'queued' && !held) || scheduler.isRunning(p.value.id)) {
        return err('invalid_state', msg('notices.request.onlyQueuedEdit', { ref: p.value.ref, status: promptStatusWord(p.value.status) }));
      }
      d.prompts.editText(p.value.id, text);
      const edited = store.prompts.get(p.value.id) ?? p.value;
      d.repreflight(edited); // its claims follow the new text: into or out of `conflict`
      return ok(store.summaries.prompt(store.prompts.get(p.value.id) ?? edited));
    },

    'approval.answer': async ({ approval, answer }) => {
      const a = store.approvals.resolve(approval);
      if (!a.ok) return a;
      if (a.value.status !== 'pending') return err('invalid_state', msg('notices.request.approvalAlready', { ref: a.value.ref, status: msg(`notices.request.approvalStatus.${a.value.status}`) }));
      const session = store.sessions.get(a.value.session_id);
      if (!session) return err('not_found', msg('engineErrors.request.approvalSessionGone', { ref: a.value.ref }));
      const rules = a.value.alwaysRules;
      if (answer.kind === 'allow_always' && rules.length === 0) {
        return err('invalid_input', msg('engineErrors.request.alwaysNotOffered', { ref: a.value.ref }));
      }
      if (answer.kind === 'allow_children' && !session.parent_id) {
        return err('invalid_input', msg('agents.childrenNotOffered', { ref: a.value.ref }));
      }
      try {
        if (answer.kind === 'allow_session' && rules.length > 0) {
          d.authorizer.grantForSession(session.id, rules);
        }
        if (answer.kind === 'allow_children' && session.parent_id && rules.length > 0) {
          // Every child of the parent, and those it starts later; the parent itself is not widened.
          for (const r of rules) store.sessions.addChildGrant(session.parent_id, r);
          for (const child of store.sessions.childrenOf(session.parent_id)) d.authorizer.grantForSession(child, rules);
        }
        if (answer.kind === 'allow_always') await d.authorizer.allowAlways(session.workspace, rules);
      } catch (e) {
        return err('policy', msg('notices.request.ruleNotSaved', { error: thrownSentence(e) }));
      }
      store.approvals.answer(a.value.id, answer.kind === 'deny' ? 'denied' : 'approved', answer);
      bus.emit({
        type: 'approval_resolved',
        sessionId: session.id,
        promptId: a.value.prompt_id,
        approvalId: a.value.id,
        approvalRef: a.value.ref,
        status: answer.kind === 'deny' ? 'denied' : 'approved',
        answer,
      });
      if (!d.waiters.answer(a.value.id, answer)) {
        // No live turn is waiting (its process stopped): answering is asking it to go on, so an interrupted turn
        // is resumed, and the worker reads the stored answer when it gets there.
        d.prompts.transitionFrom(a.value.prompt_id, ['interrupted'], 'queued');
        scheduler.kick(session.id);
      }
      return ok(store.summaries.approval(store.approvals.get(a.value.id) ?? a.value));
    },

    'conflict.resolve': ({ prompt, resolution }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      if (p.value.status !== 'conflict') return err('invalid_state', msg('notices.request.notInConflict', { ref: p.value.ref, status: promptStatusWord(p.value.status) }));
      const r = d.resolveConflict(p.value, resolution);
      if (!r.ok) return r;
      return ok(store.summaries.prompt(store.prompts.get(p.value.id) ?? p.value));
    },

    'journal.undo': async ({ session, dryRun, path }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      const one = path === undefined ? undefined : realPathOf(resolve(s.value.workspace, path));
      if (path !== undefined && one !== undefined && !d.journal.list({ sessionId: s.value.id, path: one }).some((e) => !e.undoneAt)) {
        return err('not_found', msg('engineErrors.request.nothingToRevert', { session: s.value.name ?? s.value.ref, path }));
      }
      return d.journal.undo(s.value.id, { dryRun: dryRun ?? false, path: one });
    },

  };
}
