import type { BudgetKind, BudgetStop, BudgetsConfig } from '../../../shared/cost';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';
import type { Pauses } from '../kernel/pauses';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import type { SlotLease } from '../kernel/slots';
import { startOfLocalDay } from './day';

export interface BudgetDeps {
  store: Store;
  bus: EventBus;
  prompts: PromptLifecycle;
  pauses: Pauses;
  /** config.json's `budgets` now (null: none); read at each check so an edit applies at the next step. */
  limits: () => BudgetsConfig | null;
  /** The time, for which local day "today" is. */
  now: () => number;
}

/**
 * The session and daily budgets. They are checked before each model request, the step boundary: a step that
 * crossed a limit runs to its end (its tool calls too), and the request after it is not sent. The prompt then
 * pauses (its slot given up) with a `budget_reached` event until a person raises the limit, lets this prompt go
 * past it once, or stops it (see handlers.ts).
 */
export class Budgets {
  /** Budgets a person let a prompt go past, for the rest of that prompt. */
  private readonly passed = new Map<string, Set<BudgetKind>>();

  constructor(private readonly d: BudgetDeps) {
    d.prompts.onTerminal((p) => this.passed.delete(p.id));
  }

  /** The first budget the prompt may not go past now, or null. */
  reached(sessionId: string, promptId: string): BudgetStop | null {
    const passed = this.passed.get(promptId);
    const limits = this.d.limits();
    // A child spends from its own budget and from each ancestor's: a session's budget counts its children's use too.
    for (let s = this.d.store.sessions.get(sessionId); s && !passed?.has('session'); s = s.parent_id ? this.d.store.sessions.get(s.parent_id) : undefined) {
      // The session's own budget, else config.json's `budgets.session` for every session without one.
      const budget = s.budget_unit !== null && s.budget_limit !== null ? { unit: s.budget_unit, limit: s.budget_limit } : limits?.session;
      if (!budget) continue;
      const tree = this.d.store.sessions.treeTotals(s.id);
      const used = budget.unit === 'tokens' ? tree.tokens : tree.usd;
      if (used >= budget.limit) return { kind: 'session', unit: budget.unit, limit: budget.limit, used };
    }
    const daily = limits?.daily;
    if (!daily || passed?.has('daily') || (daily.tokens === undefined && daily.usd === undefined)) return null;
    const today = this.d.store.usage.since(startOfLocalDay(this.d.now()));
    if (daily.tokens !== undefined && today.totalTokens >= daily.tokens) {
      return { kind: 'daily', unit: 'tokens', limit: daily.tokens, used: today.totalTokens };
    }
    if (daily.usd !== undefined && today.cost.usd >= daily.usd) return { kind: 'daily', unit: 'usd', limit: daily.usd, used: today.cost.usd };
    return null;
  }

  /** "Resume once": the prompt goes past this budget for the rest of its run. */
  pass(promptId: string, kind: BudgetKind): void {
    const kinds = this.passed.get(promptId) ?? new Set<BudgetKind>();
    kinds.add(kind);
    this.passed.set(promptId, kinds);
  }

  /**
   * Before a model request: while a budget is used up, the prompt pauses there (announced with `budget_reached`,
   * its slot given up) and waits for a person; each answer is checked again, so a raise that is still too low, or
   * the other budget, pauses it once more. A cancel or shutdown while waiting throws, like any pause.
   */
  async beforeRequest(sessionId: string, promptId: string, signal: AbortSignal, lease: SlotLease): Promise<void> {
    const { store, bus, prompts, pauses } = this.d;
    for (;;) {
      const stop = this.reached(sessionId, promptId);
      if (!stop) {
        if (store.prompts.hasBudgetStop(promptId)) prompts.setBudgetStop(promptId, null);
        return;
      }
      pauses.request(promptId);
      bus.batch(() => {
        prompts.transition(promptId, 'paused');
        prompts.setBudgetStop(promptId, stop);
        bus.emit({ type: 'budget_reached', sessionId, promptId, ...stop });
      });
      await lease.away(signal, () => pauses.wait(promptId, signal));
      bus.batch(() => {
        prompts.setBudgetStop(promptId, null);
        prompts.transition(promptId, 'running');
      });
    }
  }
}
