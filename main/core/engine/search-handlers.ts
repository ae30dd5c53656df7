import type { RequestHandlers } from '../../../shared/api';
import { msg } from '../../../shared/i18n/message';
import { err, ok } from '../../../shared/result';
import type { EffectiveMode } from '../policy';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';

export type SearchRequestNames = 'search.query' | 'session.reopen';

export interface SearchDeps {
  store: Store;
  bus: EventBus;
  /** The session's effective mode and its source (policy engine): what its summary reports. */
  modeOf: (row: SessionRow) => EffectiveMode;
}

/** `search.query` (full-text search of every session's history) and `session.reopen` (a closed session found there). */
export function createSearchHandlers(d: SearchDeps): Pick<RequestHandlers, SearchRequestNames> {
  const { store, bus } = d;
  return {
    'search.query': ({ text, limit, sessionId }) => {
      let id: string | undefined;
      if (sessionId !== undefined) {
        const s = store.sessions.resolve(sessionId);
        if (!s.ok) return s;
        id = s.value.id;
      }
      return ok(store.search.search({ text, limit, sessionId: id }));
    },

    'session.reopen': ({ session }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      if (s.value.closed_at === null) return err('invalid_state', msg('notices.request.sessionNotClosed', { ref: s.value.ref }));
      if (store.worktrees.get(s.value.id)?.state === 'removed') {
        return err('invalid_state', msg('engineErrors.worktree.cannotReopen', { ref: s.value.ref }));
      }
      bus.batch(() => {
        store.sessions.reopen(s.value.id);
        bus.emit({ type: 'session_reopened', sessionId: s.value.id, promptId: null });
      });
      const row = store.sessions.get(s.value.id) ?? s.value;
      return ok(store.summaries.session(row, d.modeOf(row)));
    },
  };
}
