import { offeredTools } from '../tools/offered';
import { msg } from '../../../shared/i18n/message';
import type { RequestHandlers } from '../../../shared/api';
import { isTerminal } from '../../../shared/status';
import { err, ok } from '../../../shared/result';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';
import type { Scheduler } from './scheduler';
import type { TurnDeps } from './turn-context';
import { prepareView } from './context-step';

export type ContextRequestNames = 'session.compact';

export interface ContextHandlerDeps {
  store: Store;
  bus: EventBus;
  deps: TurnDeps;
  scheduler: Scheduler;
}

/** `/compact [focus]` and `paragents compact`: a compaction asked for by a person. */
export function createContextHandlers(d: ContextHandlerDeps): Pick<RequestHandlers, ContextRequestNames> {
  const { store } = d;
  return {
    'session.compact': async ({ session, focus }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      const prompts = store.prompts.list(s.value.id);
      const busy = prompts.find((p) => d.scheduler.isRunning(p.id));
      if (busy) {
        return err('invalid_state', msg('notices.request.compactBusy', { session: s.value.name ?? s.value.ref, ref: busy.ref }));
      }
      const model = d.deps.model();
      if (!model.ok) return err('config', model.error.msg ?? model.error.message);
      // The summary request is the session's own spending: it is counted on its latest prompt.
      const last = [...prompts].reverse().find((p) => isTerminal(p.status) || p.status === 'interrupted') ?? prompts.at(-1) ?? null;
      const ctl = new AbortController();
      const { client, provider, config } = model.value;
      const view = await prepareView({
        store,
        bus: d.bus,
        context: d.deps.context,
        tools: offeredTools(d.deps.tools.specs, provider),
        session: s.value,
        promptId: last?.id ?? null,
        client,
        provider,
        config,
        signal: ctl.signal,
        reason: 'manual',
        focus: focus ?? null,
      });
      if (!view.ok) return err('invalid_state', view.error.msg ?? view.error.message);
      const c = view.value.compacted;
      const tokens = view.value.view.tokens;
      return ok({
        compacted: c !== null,
        tokensBefore: c?.tokensBefore ?? tokens,
        tokensAfter: c?.tokensAfter ?? tokens,
        prunedToolOutputs: c?.prunedToolOutputs ?? 0,
        summaryTokens: c?.summaryTokens ?? 0,
        summary: c?.summary ?? null,
        summaryError: c?.summaryError ?? null,
        ...(c?.summaryErrorMsg ? { summaryErrorMsg: c.summaryErrorMsg } : {}),
      });
    },
  };
}
