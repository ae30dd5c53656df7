import type { PriceSource } from '../../../shared/cost';

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
