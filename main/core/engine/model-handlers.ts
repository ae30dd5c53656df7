import type { RequestHandlers } from '../../../shared/api';
import { msg } from '../../../shared/i18n/message';
import { err, ok } from '../../../shared/result';
import type { SessionSummary } from '../../../shared/models';
import type { LoadedConfig } from '../config/types';
import type { EventBus } from '../kernel/event-bus';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { Result } from '../../../shared/result';

export type ModelRequestNames = 'session.setModel' | 'session.setEffort';

export interface ModelHandlerDeps {
  store: Store;
  bus: EventBus;
  config: () => Result<LoadedConfig>;
  summary: (row: SessionRow) => SessionSummary;
}

/** `/model` and `/effort`: a person's choice of the provider a session talks to and how hard its model thinks. */
export function createModelHandlers(d: ModelHandlerDeps): Pick<RequestHandlers, ModelRequestNames> {
  const { store, bus } = d;
  const changed = (row: SessionRow): SessionSummary => {
    const now = store.sessions.get(row.id) ?? row;
    bus.emit({ type: 'session_model', sessionId: row.id, promptId: null, chosenProvider: now.chosen_provider, reasoningEffort: now.reasoning_effort });
    return d.summary(now);
  };
  return {
    'session.setModel': ({ session, provider }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      if (provider !== null) {
        const loaded = d.config();
        if (!loaded.ok) return err('config', loaded.error.msg ?? loaded.error.message);
        const names = (loaded.value.configured ?? loaded.value.providers).map((p) => p.name);
        if (!names.includes(provider)) {
          return err('not_found', msg('notices.request.unknownProvider', { file: loaded.value.path, name: provider, names: names.join(', ') }));
        }
      }
      store.sessions.setModelChoice(s.value.id, { provider });
      return ok(changed(s.value));
    },
    'session.setEffort': ({ session, effort }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      store.sessions.setModelChoice(s.value.id, { effort });
      return ok(changed(s.value));
    },
  };
}
