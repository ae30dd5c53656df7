import type { RequestHandlers } from '../../../shared/api';
import type { PermissionMode } from '../../../shared/policy';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { isTerminal } from '../../../shared/status';
import type { EventBus } from '../kernel/event-bus';
import { newRef, nowIso } from '../store/refs';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import { addWorktree, discardFreshWorktree } from './create';
import { worktreeDiff } from './diff';
import { mergeWorktree } from './merge';
import { removeWorktree } from './remove';
import type { WorktreeRow } from '../store/worktrees';
import { createGit } from './git';
import type { HostEnv } from '../host-env';

/** A name another session took while the worktree was being added. */
class NameTaken extends Error {
  constructor(readonly taken: string) {
    super(english(msg('notices.request.nameTaken', { name: taken })));
  }
}

export type WorktreeRequests = 'worktree.diff' | 'worktree.merge' | 'worktree.remove';

export interface WorktreeService {
  /** A new session in its own worktree of the repository holding `workspace` (already checked to be a folder). */
  /** `commit`: where its branch starts (default: the repository's HEAD). */
  createIsolatedSession(input: { workspace: string; name: string | null; mode: PermissionMode | null; commit?: string }): Promise<Result<SessionRow>>;
  handlers: Pick<RequestHandlers, WorktreeRequests>;
}

/** Isolated sessions: their git worktrees, diff, merge back and removal. */
export function createWorktreeService(d: { home: string; store: Store; bus: EventBus; host: HostEnv }): WorktreeService {
  const { store, bus } = d;
  // Every git command of the worktrees runs in the engine's environment.
  const git = createGit(d.host.env);
  // Refs chosen for worktrees being created, not yet in the store.
  const reserved = new Set<string>();
  // Git operations on one repository run one at a time (merges read a tip, then move it).
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };

  const isolated = (session: string): Result<{ s: SessionRow; wt: WorktreeRow }> => {
    const s = store.sessions.resolve(session);
    if (!s.ok) return s;
    const wt = store.worktrees.get(s.value.id);
    if (!wt) return err('invalid_state', msg('engineErrors.worktree.notIsolated', { ref: s.value.ref, workspace: s.value.workspace }));
    return ok({ s: s.value, wt });
  };

  const busy = (s: SessionRow, doing: Msg): Result<null> => {
    const active = store.prompts.list(s.id).find((p) => !isTerminal(p.status));
    return active ? err('invalid_state', msg('notices.request.stillWorking', { session: s.ref, ref: active.ref, status: msg(`notices.request.promptStatus.${active.status}`), doing })) : ok(null);
  };

  return {
    async createIsolatedSession({ workspace, name, mode, commit }) {
      const ref = newRef((r) => reserved.has(r) || store.sessions.refTaken(r));
      reserved.add(ref);
      try {
        // One `git worktree add` at a time: concurrent ones race for git's lock files.
        const added = await serial('add', () => addWorktree(git, { home: d.home, dir: workspace, ref, now: nowIso(), ...(commit ? { commit } : {}) }));
        if (!added.ok) return added;
        try {
          const row = store.tx(() => {
            if (name && store.sessions.byName(name)) throw new NameTaken(name);
            const created = store.sessions.create({ workspace: added.value.workspace, name, mode, ref });
            store.worktrees.add({ session_id: created.id, ...added.value.row });
            return created;
          });
          return ok(row);
        } catch (e) {
          await discardFreshWorktree(git, added.value.row);
          return err('invalid_input', e instanceof NameTaken ? msg('notices.request.nameTaken', { name: e.taken }) : e instanceof Error ? e.message : String(e));
        }
      } finally {
        reserved.delete(ref);
      }
    },

    handlers: {
      'worktree.diff': async ({ session }) => {
        const r = isolated(session);
        if (!r.ok) return r;
        return worktreeDiff(git, r.value.wt);
      },

      'worktree.merge': async ({ session, preview }) => {
        const r = isolated(session);
        if (!r.ok) return r;
        const { s, wt } = r.value;
        if (!preview) {
          const free = busy(s, msg('engineErrors.worktree.doingMerge'));
          if (!free.ok) return free;
        }
        return serial(wt.base_repo, async () => {
          const m = await mergeWorktree(git, wt, { ref: s.ref, preview: preview ?? false });
          if (m.ok && m.value.merged && m.value.mergeCommit) store.worktrees.markMerged(s.id, m.value.mergeCommit);
          return m;
        });
      },

      'worktree.remove': async ({ session, force }) => {
        const r = isolated(session);
        if (!r.ok) return r;
        const { s, wt } = r.value;
        const free = busy(s, msg('engineErrors.worktree.doingRemove'));
        if (!free.ok) return free;
        return serial(wt.base_repo, async () => {
          const removed = await removeWorktree(git, wt, { ref: s.ref, force: force ?? false });
          if (!removed.ok) return removed;
          store.worktrees.markRemoved(s.id);
          // The session's folder is gone, so it can take no more prompts; its transcript stays.
          if (!s.closed_at) {
            store.sessions.close(s.id);
            bus.emit({ type: 'session_closed', sessionId: s.id, promptId: null });
          }
          return removed;
        });
      },
    },
  };
}
