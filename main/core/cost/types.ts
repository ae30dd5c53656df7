import type { PriceSource } from '../../../shared/cost';
import type { PricedUsage, UsageInput } from '../store/store';

/** The price a usage record is costed at, and where it came from. */
export interface PriceQuote {
  inputPerMTok: number;
  outputPerMTok: number;
  source: PriceSource;
}

/** The price of a provider's model now (null: unknown); synchronous, so a record is costed where it is written. */
export type PriceQuoter = (provider: string, model: string) => PriceQuote | null;

/** Dollars for a request's tokens at a price. */
export function costOf(quote: Pick<PriceQuote, 'inputPerMTok' | 'outputPerMTok'>, promptTokens: number, completionTokens: number): number {
  return (promptTokens * quote.inputPerMTok + completionTokens * quote.outputPerMTok) / 1_000_000;
}

/**
 * A request's usage priced at today's price (the store keeps what it is given): unpriced, with its tokens counted
 * as such, when `prices` knows no price for the model or there are none.
 */
export function pricedUsage(prices: { quote: PriceQuoter } | undefined, input: UsageInput): PricedUsage {
  const price = prices?.quote(input.provider, input.model) ?? null;
  return { ...input, cost: price ? costOf(price, input.promptTokens, input.completionTokens) : null, price };
}
