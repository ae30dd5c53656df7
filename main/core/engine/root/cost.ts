import type { BudgetsConfig } from '../../../../shared/cost';
import type { WindowResolver } from '../../context/window';
import { Budgets, PriceBook } from '../../cost';
import type { EngineConfig } from './config';
import type { Kernel } from './kernel';

export interface CostParts {
  prices: PriceBook;
  budgets: Budgets;
  /** config.json's `budgets` now (null: none). */
  budgetLimits: () => BudgetsConfig | null;
}

/** What the engine's requests cost and how far they may go: prices, and the session and daily budgets. */
export function buildCost(d: { config: EngineConfig; windows: WindowResolver; kernel: Kernel; clock: () => number }): CostParts {
  const { store, bus, prompts, pauses } = d.kernel;
  // Prices (config.json, the endpoints' model lists, the table) cost each usage record as it is stored.
  const prices = new PriceBook({ config: () => d.config.load(), list: (p) => d.windows.list(p) });
  const budgetLimits = (): BudgetsConfig | null => {
    const loaded = d.config.load();
    return loaded.ok ? (loaded.value.config.budgets ?? null) : null;
  };
  const budgets = new Budgets({ store, bus, prompts, pauses, limits: budgetLimits, now: d.clock });
  return { prices, budgets, budgetLimits };
}
