import { FileVersions } from './file-stamp';
import { ok, err, type Result } from '../../../shared/result';
import { msg, type Msg } from '../../../shared/i18n/message';
import { isTerminal, type PromptStatus } from '../../../shared/status';
import type { Store } from '../store/store';
import type { PromptRow } from '../store/rows';
import type { EventBus } from '../kernel/event-bus';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import type { CallGate } from '../kernel/call-gate';
import type { PreparedCall } from '../policy/prepare';
import { ClaimTable } from './claims';
import type { ConflictStore, JournalEntry } from './conflict-store';
import type { AutoResolution, ConflictContext } from './context';
import { createConflictGate } from './gate';
import { KeyedMutex } from './keyed-mutex';
import { LeaseTable } from './leases';
import { armWait, preflightPrompt, repreflightPrompt, resolvePreflight } from './preflight';
import { PromptEnds } from './prompt-ends';
import type { StampBook } from './stamp-book';
import { undoSessionWrites, type UndoReport } from './undo';
import { createWorkspaceConfig } from './workspace-config';
import type { HostEnv } from '../host-env';

export type { UndoReport } from './undo';
export type { JournalEntry } from './conflict-store';
export type { AutoResolution } from './context';

export interface ConflictEngineDeps {
  store: Store;
  bus: EventBus;
  prompts: PromptLifecycle;
  /**
   * The engine's `--on-conflict`: answer conflicts without asking; null = a person answers through
   * `conflict.resolve`. A prompt sent with its own `onConflict` uses that one instead.
   */
  auto: AutoResolution;
  kick(sessionId: string): void;
  abort(promptId: string, reason: string | Msg): boolean;
  /** `~` in declared outputs, and the environment git runs with: the ones the policy and the tools use. */
  host: HostEnv;
  /** The conflict tables and the change journal, built once by the composition root. */
  cstore: ConflictStore;
  /** The sessions' read stamps (a StampBook over the store's stamps; one in memory alone for benchmarks of the check). */
  stamps: StampBook;
}

export interface ConflictEngine {
  gate: CallGate<PreparedCall>;
  /** Preflight of a new prompt (call right after it is stored); returns its status (see preflightPrompt). */
  preflight(prompt: PromptRow): PromptStatus;
  /** `prompt.edit` of a prompt not yet started (text already stored): claims follow the new text (see repreflightPrompt). */
  repreflight(prompt: PromptRow): PromptStatus;
  /** `conflict.resolve`: a turn waiting at a runtime conflict, or a prompt held at submission. */
  resolve(prompt: PromptRow, resolution: 'override' | 'wait' | 'cancel'): Result<null>;
  journal(filter?: { sessionId?: string; path?: string }): JournalEntry[];
  /** `path` (absolute, real) limits the undo to that one file. */
  undo(sessionId: string, opts?: { dryRun?: boolean; path?: string }): Promise<Result<UndoReport>>;
  /** Rebuilds claims, leases and waits of unfinished prompts from the store (when the engine recovers work). */
  start(opts: { recover: boolean }): void;
  dispose(): void;
}

/**
 * The shared state of the conflict checks. `ended` says whether a prompt is over (default: its stored status).
 */
export function createConflictContext(
  deps: ConflictEngineDeps & {
    ended?: (promptId: string) => boolean;
    exclusivePatterns?: ConflictContext['exclusivePatterns'];
  },
): ConflictContext {
  const { store } = deps;
  const ended =
    deps.ended ??
    ((promptId: string): boolean => {
      const p = store.prompts.get(promptId);
      return !p || isTerminal(p.status);
    });
  return {
    store,
    bus: deps.bus,
    prompts: deps.prompts,
    cstore: deps.cstore,
    claims: new ClaimTable(),
    leases: new LeaseTable(),
    locks: new KeyedMutex(),
    ends: new PromptEnds(ended),
    stamps: deps.stamps,
    files: new FileVersions(),
    mailboxes: new Map(),
    waitsFor: new Map(),
    preflightWaits: new Map(),
    // Read when a conflict is met: the prompt's own answer (stored with it), else the engine's.
    autoFor: (promptId) => store.prompts.get(promptId)?.on_conflict ?? deps.auto,
    exclusivePatterns: deps.exclusivePatterns ?? createWorkspaceConfig().exclusivePatterns,
    kick: deps.kick,
    abort: deps.abort,
    host: deps.host,
  };
}

export function createConflictEngine(deps: ConflictEngineDeps): ConflictEngine {
  const { store, bus } = deps;
  const ctx = createConflictContext(deps);
  const gate = createConflictGate(ctx);

  // Claims, leases, locks and waits end with their prompt, whichever way it ends: the lifecycle calls this
  // directly once the ending has been committed and published. Prompts waiting for it are woken after that.
  const stopHook = deps.prompts.onTerminal((p) => {
    const id = p.id;
    ctx.claims.release(id);
    ctx.leases.releasePrompt(id);
    ctx.preflightWaits.get(id)?.();
    ctx.preflightWaits.delete(id);
    gate.forget(id);
    ctx.locks.releaseOwner(id);
    queueMicrotask(() => {
      ctx.ends.ended(id);
      // The session's worker stops at a held prompt; once that one ends, the prompts behind it can run.
      ctx.kick(p.session_id);
    });
  });
  const unsubscribe = bus.subscribe((e) => {
    if (e.type === 'session_closed') ctx.stamps.dropSession(e.sessionId);
  });

  return {
    gate,
    preflight: (prompt) => preflightPrompt(ctx, prompt),
    repreflight: (prompt) => repreflightPrompt(ctx, prompt),

    resolve(prompt, resolution) {
      const box = ctx.mailboxes.get(prompt.id);
      if (box) {
        box.push(resolution);
        return ok(null);
      }
      if (prompt.started_at !== null && !ctx.cstore.conflictsOf(prompt.id).some((c) => c.kind === 'declared_output')) {
        return err('invalid_state', msg('reasons.notWaitingAtConflict', { ref: prompt.ref }));
      }
      resolvePreflight(ctx, prompt, resolution);
      return ok(null);
    },

    journal: (filter = {}) => ctx.cstore.listJournal(filter),

    async undo(sessionId, opts = {}) {
      const busy = store.prompts.list(sessionId).find((p) => !isTerminal(p.status) && p.status !== 'queued' && p.status !== 'conflict');
      if (busy) return err('invalid_state', msg('reasons.sessionBusyUndo', { ref: busy.ref, status: msg(`notices.request.promptStatus.${busy.status}`) }));
      try {
        return ok(await undoSessionWrites(ctx, sessionId, opts));
      } catch (e) {
        return err('internal', msg('reasons.undoFailed', { error: e instanceof Error ? e.message : String(e) }));
      }
    },

    start({ recover }) {
      if (!recover) return;
      ctx.claims.add(ctx.cstore.activeClaims());
      for (const w of ctx.cstore.activeWrites()) ctx.leases.grant(w.path, { sessionId: w.sessionId, promptId: w.promptId });
      for (const p of store.prompts.withStatus(['conflict'])) {
        if (p.started_at !== null) {
          // Stopped at a runtime conflict: the turn resumes from its transcript and checks again.
          deps.prompts.transition(p.id, 'queued');
          continue;
        }
        const open = ctx.cstore.conflictsOf(p.id).filter((c) => c.kind === 'declared_output');
        if (ctx.autoFor(p.id) === 'wait' || open.some((c) => c.resolution === 'wait')) armWait(ctx, p.id);
      }
    },

    dispose() {
      stopHook();
      unsubscribe();
    },
  };
}
