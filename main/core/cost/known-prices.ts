/**
 * List prices of known models at their vendor's own endpoint, in US dollars per million input / output tokens
 * (standard tier, no batch or cache discounts). Sources: https://platform.openai.com/docs/pricing,
 * https://www.anthropic.com/pricing#api and https://ai.google.dev/gemini-api/docs/pricing, as published in
 * August 2025. Update entries from those pages; a model missing here has no table price (a person can set
 * `price` on the provider in config.json).
 *
 * gpt-tokenizer ships a price table too, but its 4.0.0 data is not usable: it gives gpt-4o, gpt-4.1 and gpt-5
 * $10 / $30 (their published prices are $2.50 / $10, $2 / $8 and $1.25 / $10) and none for gpt-4o-mini.
 *
 * Prices are keyed by the vendor's host: the same model name behind another endpoint (a proxy, a reseller, a local
 * server) may cost something else or nothing, and a guessed amount is worse than none.
 */
const OPENAI: Record<string, readonly [number, number]> = {
  'gpt-5': [1.25, 10],
  'gpt-5-2025-08-07': [1.25, 10],
  'gpt-5-mini': [0.25, 2],
  'gpt-5-mini-2025-08-07': [0.25, 2],
  'gpt-5-nano': [0.05, 0.4],
  'gpt-5-nano-2025-08-07': [0.05, 0.4],
  'gpt-4.1': [2, 8],
  'gpt-4.1-2025-04-14': [2, 8],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1-mini-2025-04-14': [0.4, 1.6],
  'gpt-4.1-nano': [0.1, 0.4],
  'gpt-4.1-nano-2025-04-14': [0.1, 0.4],
  'gpt-4o': [2.5, 10],
  'gpt-4o-2024-08-06': [2.5, 10],
  'gpt-4o-2024-11-20': [2.5, 10],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o-mini-2024-07-18': [0.15, 0.6],
  o3: [2, 8],
  'o3-2025-04-16': [2, 8],
  'o4-mini': [1.1, 4.4],
  'o4-mini-2025-04-16': [1.1, 4.4],
  'o3-mini': [1.1, 4.4],
  'o3-mini-2025-01-31': [1.1, 4.4],
  o1: [15, 60],
  'o1-2024-12-17': [15, 60],
  'gpt-3.5-turbo': [0.5, 1.5],
  'gpt-3.5-turbo-0125': [0.5, 1.5],
};

const ANTHROPIC: Record<string, readonly [number, number]> = {
  'claude-opus-4-1': [15, 75],
  'claude-opus-4-1-20250805': [15, 75],
  'claude-opus-4-0': [15, 75],
  'claude-opus-4-20250514': [15, 75],
  'claude-sonnet-4-0': [3, 15],
  'claude-sonnet-4-20250514': [3, 15],
  'claude-3-7-sonnet-latest': [3, 15],
  'claude-3-7-sonnet-20250219': [3, 15],
  'claude-3-5-haiku-latest': [0.8, 4],
  'claude-3-5-haiku-20241022': [0.8, 4],
};

const GOOGLE: Record<string, readonly [number, number]> = {
  'gemini-2.5-flash': [0.3, 2.5],
  'gemini-2.0-flash': [0.1, 0.4],
  'gemini-2.0-flash-lite': [0.075, 0.3],
};

const BY_HOST: Record<string, Record<string, readonly [number, number]>> = {
  'api.openai.com': OPENAI,
  'api.anthropic.com': ANTHROPIC,
  'generativelanguage.googleapis.com': GOOGLE,
};

/** The table's price of `model` served by `baseURL`'s host, or null. Google's ids may carry a `models/` prefix. */
export function knownPrice(baseURL: string, model: string): { inputPerMTok: number; outputPerMTok: number } | null {
  let host: string;
  try {
    host = new URL(baseURL).hostname.toLowerCase();
  } catch {
    return null;
  }
  const table = own(BY_HOST, host);
  const entry = table ? (own(table, model) ?? own(table, model.replace(/^models\//, ''))) : undefined;
  return entry ? { inputPerMTok: entry[0], outputPerMTok: entry[1] } : null;
}

/** Own entries only: a model named "constructor" has no price. */
const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.hasOwn(record, key) ? record[key] : undefined);
