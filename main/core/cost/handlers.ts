import type { RequestHandlers } from '../../../shared/api';
import { BudgetStop, type DailyBudgets } from '../../../shared/cost';
import { msg } from '../../../shared/i18n/message';
import { budgetStopMsg, statusWord } from './budget-words';
import type { SessionSummary } from '../../../shared/models';
import { err, ok, type Result } from '../../../shared/result';
import type { EffectiveMode } from '../policy';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';
import type { Budgets } from './budgets';
import { saveDailyBudget } from './daily-config';

export type CostRequestNames = 'session.setBudget' | 'budget.resolve' | 'usage.summary';

export interface CostHandlerDeps {
  store: Store;
  bus: EventBus;
  budgets: Budgets;
  home: string;
  /** config.json's `budgets.daily` now (null: none). */
  daily: () => DailyBudgets | null;
  modeOf: (row: SessionRow) => EffectiveMode;
  /** The engine's own `prompt.resume` and `prompt.cancel`: a budget answer goes on or stops as those do. */
  resume: RequestHandlers['prompt.resume'];
  cancel: RequestHandlers['prompt.cancel'];
}

export function createCostHandlers(d: CostHandlerDeps): Pick<RequestHandlers, CostRequestNames> {
  const { store, bus } = d;
  const summary = (row: SessionRow): SessionSummary => store.summaries.session(row, d.modeOf(row));

  return {
    'usage.summary': ({ since }) => {
      const sinceIso = new Date(since).toISOString();
      return ok({ since: sinceIso, ...store.usage.since(sinceIso), dailyBudget: d.daily() });
    },

    'session.setBudget': ({ session, budget }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      if (s.value.closed_at) return err('invalid_state', msg('notices.request.sessionClosed', { ref: s.value.ref }));
      bus.batch(() => {
        store.sessions.setBudget(s.value.id, budget);
        bus.emit({ type: 'session_budget', sessionId: s.value.id, promptId: null, budget });
      });
      return ok(summary(store.sessions.get(s.value.id) ?? s.value));
    },

    'budget.resolve': async ({ prompt, action }) => {
      const p = store.prompts.resolve(prompt);
      if (!p.ok) return p;
      const parsed = p.value.status === 'paused' && p.value.budget_stop ? BudgetStop.safeParse(JSON.parse(p.value.budget_stop)) : null;
      if (!parsed?.success) return err('invalid_state', msg('engineErrors.budget.notPaused', { ref: p.value.ref, status: statusWord(p.value.status) }));
      const stop = parsed.data;
      switch (action.kind) {
        case 'stop':
          return d.cancel({ prompt: p.value.id });
        case 'resume_once':
          d.budgets.pass(p.value.id, stop.kind);
          return d.resume({ prompt: p.value.id });
        case 'raise': {
          if (action.limit <= stop.used) {
            return err('invalid_input', msg('engineErrors.budget.limitNotAbove', { stop: budgetStopMsg(stop) }));
          }
          const raised = raise(d, p.value.session_id, stop, action.limit);
          if (!raised.ok) return raised;
          return d.resume({ prompt: p.value.id });
        }
        default: {
          const never: never = action;
          return never;
        }
      }
    },
  };
}

/** The limit the prompt stopped at, raised: the session's budget, or config.json's daily one. */
function raise(d: CostHandlerDeps, sessionId: string, stop: BudgetStop, limit: number): Result<null> {
  if (stop.kind === 'daily') {
    const saved = saveDailyBudget(d.home, stop.unit, limit);
    return saved.ok ? ok(null) : saved;
  }
  if (stop.unit === 'tokens' && !Number.isInteger(limit)) return err('invalid_input', msg('engineErrors.budget.wholeTokens'));
  d.bus.batch(() => {
    d.store.sessions.setBudget(sessionId, { unit: stop.unit, limit });
    d.bus.emit({ type: 'session_budget', sessionId, promptId: null, budget: { unit: stop.unit, limit } });
  });
  return ok(null);
}
