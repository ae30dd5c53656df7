import { z } from 'zod';
import { compactTokens } from './token-format';
import { english, msg, type Msg, type MsgValue } from './i18n/message';

/**
 * Money and budgets. Every amount is in US dollars: the providers that publish prices (OpenRouter's model list,
 * the vendors' price pages) publish them in dollars, and one currency lets a day's total add up.
 */

/** A provider's price in config.json: US dollars per million prompt (input) and completion (output) tokens. */
export const ProviderPrice = z.object({
  inputPerMTok: z.number().min(0).max(100_000),
  outputPerMTok: z.number().min(0).max(100_000),
}).strict();
export type ProviderPrice = z.infer<typeof ProviderPrice>;

/** Where the price of a usage record came from, in the order they are tried. */
export const PriceSource = z.enum(['config', 'endpoint', 'table']);
export type PriceSource = z.infer<typeof PriceSource>;

/**
 * Money spent by a prompt, a session or a period: dollars for the usage whose price was known, and the tokens
 * of the usage whose price was not (shown as tokens, never given a guessed amount).
 */
export const CostTotals = z.object({
  usd: z.number().min(0),
  unpricedTokens: z.number().int().min(0),
});
export type CostTotals = z.infer<typeof CostTotals>;

export const BudgetUnit = z.enum(['tokens', 'usd']);
export type BudgetUnit = z.infer<typeof BudgetUnit>;

/** A session's budget: its total tokens, or its total cost in dollars. */
export const Budget = z.object({
  unit: BudgetUnit,
  limit: z.number().positive().max(1e12),
}).strict().refine((b) => b.unit === 'usd' || Number.isInteger(b.limit), { message: 'a token budget is a whole number of tokens', path: ['limit'] });
export type Budget = z.infer<typeof Budget>;

/** config.json's `budgets.daily`: all sessions together, per local calendar day; either or both. */
export const DailyBudgets = z.object({
  tokens: z.number().int().positive().optional(),
  usd: z.number().positive().optional(),
}).strict();
export type DailyBudgets = z.infer<typeof DailyBudgets>;

/** config.json's `budgets`: the day's limits, and the budget of every session that has none of its own. */
export const BudgetsConfig = z.object({ daily: DailyBudgets.optional(), session: Budget.optional() }).strict();
export type BudgetsConfig = z.infer<typeof BudgetsConfig>;

export const BudgetKind = z.enum(['session', 'daily']);
export type BudgetKind = z.infer<typeof BudgetKind>;

/** A budget a prompt stopped at: which one, its limit and what was used when the prompt paused. */
export const BudgetStop = z.object({
  kind: BudgetKind,
  unit: BudgetUnit,
  limit: z.number(),
  used: z.number(),
});
export type BudgetStop = z.infer<typeof BudgetStop>;

/** What a person does at a budget: a higher limit, past it once for this prompt, or stop the prompt. */
export const BudgetAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('raise'), limit: z.number().positive().max(1e12) }),
  z.object({ kind: z.literal('resume_once') }),
  z.object({ kind: z.literal('stop') }),
]);
export type BudgetAction = z.infer<typeof BudgetAction>;

/** Usage of every session since a moment (`usage.summary`), with the daily budgets of config.json. */
export const UsageSummary = z.object({
  since: z.string(),
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
  cost: CostTotals,
  dailyBudget: DailyBudgets.nullable(),
});
export type UsageSummary = z.infer<typeof UsageSummary>;

/**
 * "$0.0123", "$0.50", "$1.50": up to four decimals below a dollar (a step often costs a fraction of a cent), never
 * fewer than two, and two from a dollar up.
 */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  if (usd >= 0.0001) return `$${usd.toFixed(4).replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1')}`;
  return '<$0.0001';
}

/**
 * The money of a cost as text, or null when none of its tokens had a price (then only tokens are shown). Tokens
 * without a price beside priced ones are named: "$0.0123 + 1.2k tokens unpriced".
 */
export function costText(cost: CostTotals | null | undefined, totalTokens: number): string | null {
  if (!cost || totalTokens === 0 || cost.unpricedTokens >= totalTokens) return null;
  const money = formatUsd(cost.usd);
  return cost.unpricedTokens > 0 ? `${money} + ${compactTokens(cost.unpricedTokens)} tokens unpriced` : money;
}

/**
 * A budget typed by a person: "$2" or "2 usd" is money, "50000", "50k" or "1.5M tokens" is tokens. Null when the
 * text is neither (or not above zero).
 */
export function parseBudget(text: string): Budget | null {
  const t = text.trim().toLowerCase();
  const money = /^\$\s*(\d+(?:\.\d+)?)$/.exec(t) ?? /^(\d+(?:\.\d+)?)\s*(?:usd|\$)$/.exec(t);
  if (money) {
    const limit = Number(money[1]);
    return limit > 0 ? { unit: 'usd', limit } : null;
  }
  const tokens = /^(\d+(?:\.\d+)?)\s*(k|m)?(?:\s*tokens?)?$/.exec(t);
  if (!tokens) return null;
  const scale = tokens[2] === 'k' ? 1000 : tokens[2] === 'm' ? 1_000_000 : 1;
  const limit = Math.round(Number(tokens[1]) * scale);
  return limit > 0 ? { unit: 'tokens', limit } : null;
}

/** "the session budget of 50k tokens is used up (52.3k tokens)": what a budget stop says, for people. */
export function budgetStopText(stop: BudgetStop): string {
  return english(budgetStopMsg(stop));
}

/** A budget stop as data: its English is `budgetStopText`. */
export function budgetStopMsg(stop: BudgetStop): Msg {
  const amounts = { limit: budgetAmountMsg(stop.unit, stop.limit), used: budgetAmountMsg(stop.unit, stop.used) };
  return msg(stop.kind === 'session' ? 'notices.note.sessionBudgetUsed' : 'notices.note.dailyBudgetUsed', amounts);
}

/** A session's budget as data: "budget 50k tokens" or "no budget". */
export function budgetMsg(budget: Budget | null | undefined): Msg {
  return budget ? msg('notices.note.budget', { amount: budgetAmountMsg(budget.unit, budget.limit) }) : msg('notices.note.noBudget');
}

/** An amount as data: tokens name their unit in the reader's language, money is a figure in dollars. */
function budgetAmountMsg(unit: BudgetUnit, amount: number): MsgValue {
  return unit === 'tokens' ? msg('budget.tokens', { tokens: compactTokens(amount) }) : formatUsd(amount);
}
