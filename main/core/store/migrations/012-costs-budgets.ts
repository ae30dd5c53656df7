import type { Migration } from './types';

/**
 * Money and budgets. Each usage record keeps the price it was costed at and its cost (NULL: no price was known),
 * so a later change of prices never changes what past work cost. Sessions and prompts keep running totals like
 * their token totals: dollars of the priced usage and the tokens of the unpriced usage; everything recorded
 * before this migration had no price. A session's budget is a unit and a limit (both or neither); a prompt
 * paused at a budget keeps which one (JSON, see BudgetStop) while it waits for a person. `ts` is indexed for the
 * day's and the week's totals.
 */
export const m012CostsBudgets: Migration = {
  version: 12,
  name: 'usage costs with their prices; session budgets; the budget a paused prompt stopped at',
  sql: `
    ALTER TABLE usage_records ADD COLUMN cost_usd REAL;
    ALTER TABLE usage_records ADD COLUMN price_source TEXT CHECK (price_source IN ('config', 'endpoint', 'table'));
    ALTER TABLE usage_records ADD COLUMN input_per_mtok REAL;
    ALTER TABLE usage_records ADD COLUMN output_per_mtok REAL;
    CREATE INDEX usage_records_ts ON usage_records(ts);

    ALTER TABLE sessions ADD COLUMN cost_usd REAL NOT NULL DEFAULT 0;
    ALTER TABLE sessions ADD COLUMN unpriced_tokens INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sessions ADD COLUMN budget_unit TEXT CHECK (budget_unit IN ('tokens', 'usd'));
    ALTER TABLE sessions ADD COLUMN budget_limit REAL CHECK (budget_limit > 0 AND (budget_unit IS NULL) = (budget_limit IS NULL));
    ALTER TABLE prompts ADD COLUMN cost_usd REAL NOT NULL DEFAULT 0;
    ALTER TABLE prompts ADD COLUMN unpriced_tokens INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE prompts ADD COLUMN budget_stop TEXT;

    UPDATE sessions SET unpriced_tokens = total_tokens;
    UPDATE prompts SET unpriced_tokens = total_tokens;
  `,
};
