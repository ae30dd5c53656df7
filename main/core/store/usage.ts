import type { CostTotals, PriceSource } from '../../../shared/cost';
import { Repository } from './parts';
import { nowIso } from './refs';
import { costTotals } from './summaries';

export interface UsageInput {
  sessionId: string;
  promptId: string;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** The price a usage record was costed at, and where it came from. */
export interface UsagePrice {
  inputPerMTok: number;
  outputPerMTok: number;
  source: PriceSource;
}

/** A request's usage as the caller priced it: `cost` null (and `price` null) when no price is known. */
export interface PricedUsage extends UsageInput {
  cost: number | null;
  price: UsagePrice | null;
}

/** A recorded request's cost (null: no price known) and the totals after it. */
export interface RecordedUsage {
  cost: number | null;
  sessionTotalTokens: number;
  sessionCost: CostTotals;
  promptTotalTokens: number;
  promptCost: CostTotals;
}

/** `usage_records`, and the totals they add to their session and prompt. Prices are the caller's (main/core/cost). */
export class UsageRepository extends Repository {
  /** Records a request's usage; returns the session's total tokens (see recordWithTotals for the money too). */
  record(input: PricedUsage): number {
    return this.recordWithTotals(input).sessionTotalTokens;
  }

  /**
   * Records a request's usage with the cost it was priced at (kept with the record, so later price changes leave
   * past costs as they were) and adds both to the session's and the prompt's totals. A null cost counts the
   * tokens as unpriced.
   */
  recordWithTotals(input: PricedUsage): RecordedUsage {
    const { cost, price } = input;
    return this.parts.tx.run(() => {
      this.q(
          `INSERT INTO usage_records (session_id, prompt_id, provider, model, prompt_tokens, completion_tokens, total_tokens, ts,
             cost_usd, price_source, input_per_mtok, output_per_mtok)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(input.sessionId, input.promptId, input.provider, input.model, input.promptTokens, input.completionTokens, input.totalTokens, nowIso(),
          cost, price?.source ?? null, price?.inputPerMTok ?? null, price?.outputPerMTok ?? null);
      // Each update hands back the totals it made, so the rows are not read again.
      const [session, prompt] = (['sessions', 'prompts'] as const).map(
        (table) =>
          this.q(
              `UPDATE ${table} SET prompt_tokens = prompt_tokens + ?, completion_tokens = completion_tokens + ?, total_tokens = total_tokens + ?,
                 cost_usd = cost_usd + ?, unpriced_tokens = unpriced_tokens + ? WHERE id = ? RETURNING total_tokens, cost_usd, unpriced_tokens`,
            )
            .get(input.promptTokens, input.completionTokens, input.totalTokens, cost ?? 0, cost === null ? input.totalTokens : 0,
              table === 'sessions' ? input.sessionId : input.promptId) as { total_tokens: number; cost_usd: number; unpriced_tokens: number } | undefined,
      );
      return {
        cost,
        sessionTotalTokens: session?.total_tokens ?? 0,
        sessionCost: costTotals(session),
        promptTotalTokens: prompt?.total_tokens ?? 0,
        promptCost: costTotals(prompt),
      };
    });
  }

  /** Usage of every session since `sinceIso` (an ISO time in UTC, as records are stamped). */
  since(sinceIso: string): { promptTokens: number; completionTokens: number; totalTokens: number; cost: CostTotals } {
    const row = this.q(
      `SELECT COALESCE(SUM(prompt_tokens), 0) AS p, COALESCE(SUM(completion_tokens), 0) AS c, COALESCE(SUM(total_tokens), 0) AS t,
         COALESCE(SUM(cost_usd), 0) AS usd, COALESCE(SUM(CASE WHEN cost_usd IS NULL THEN total_tokens ELSE 0 END), 0) AS unpriced
       FROM usage_records WHERE ts >= ?`,
    ).get(sinceIso) as { p: number; c: number; t: number; usd: number; unpriced: number };
    return { promptTokens: row.p, completionTokens: row.c, totalTokens: row.t, cost: { usd: row.usd, unpricedTokens: row.unpriced } };
  }
}
