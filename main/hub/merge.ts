import type { RequestOutput } from '../../shared/api';

/** Every machine's tokens and money added up; the daily budget is this machine's setting. */
export function mergeUsage(parts: readonly RequestOutput<'usage.summary'>[]): RequestOutput<'usage.summary'> | undefined {
  const [first, ...rest] = parts;
  if (!first) return undefined;
  return rest.reduce(
    (sum, u) => ({
      ...sum,
      promptTokens: sum.promptTokens + u.promptTokens,
      completionTokens: sum.completionTokens + u.completionTokens,
      totalTokens: sum.totalTokens + u.totalTokens,
      cost: { usd: sum.cost.usd + u.cost.usd, unpricedTokens: sum.cost.unpricedTokens + u.cost.unpricedTokens },
    }),
    first,
  );
}

/**
 * Each engine ranks its own hits best first, and ranks of two indexes cannot be compared: the merged list takes
 * every machine's best, then every machine's second, and so on, up to the limit.
 */
export function interleave<T>(lists: readonly (readonly T[])[], limit: number): T[] {
  const out: T[] = [];
  for (let rank = 0; out.length < limit; rank++) {
    let any = false;
    for (const list of lists) {
      const item = list[rank];
      if (item === undefined) continue;
      any = true;
      if (out.length < limit) out.push(item);
    }
    if (!any) break;
  }
  return out;
}
