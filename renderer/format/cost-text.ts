import { formatUsd, type BudgetStop, type BudgetUnit, type CostTotals } from '../../shared/cost';
import { compactTokens } from '../../shared/token-format';
import type { T } from '../i18n';

/** "50k tokens", "$2.00": an amount in its unit, in the panel's language. */
export function amountText(t: T, unit: BudgetUnit, amount: number): string {
  return unit === 'tokens' ? t('budget.tokens', { tokens: compactTokens(amount) }) : formatUsd(amount);
}

/**
 * "12.3k tokens · $0.0123": tokens, and the money when any of them had a price (never a guessed amount); tokens
 * without a price beside priced ones are named.
 */
export function usageText(t: T, totalTokens: number, cost: CostTotals | null | undefined): string {
  const tokens = amountText(t, 'tokens', totalTokens);
  if (!cost || totalTokens === 0 || cost.unpricedTokens >= totalTokens) return tokens;
  const usd = formatUsd(cost.usd);
  const money = cost.unpricedTokens > 0 ? t('budget.unpriced', { money: usd, tokens: compactTokens(cost.unpricedTokens) }) : usd;
  return t('budget.withMoney', { tokens, money });
}

/** "the session budget of 50k tokens is used up (52.3k tokens)". */
export function budgetStopText(t: T, stop: BudgetStop): string {
  const amounts = { limit: amountText(t, stop.unit, stop.limit), used: amountText(t, stop.unit, stop.used) };
  return stop.kind === 'session' ? t('budget.dialog.stopSession', amounts) : t('budget.dialog.stopDaily', amounts);
}
