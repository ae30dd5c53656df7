/** A price an endpoint's model list publishes, in US dollars per million tokens. */
export interface EndpointPrice {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * The price an entry of a model list publishes, or null. OpenRouter lists `pricing.prompt` and
 * `pricing.completion` in dollars per token, as strings ("0.0000025"); a negative value ("-1", its router
 * models) means the price is settled per request by the model it picks, so it is unknown here.
 */
export function endpointPriceOf(entry: unknown): EndpointPrice | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const pricing = (entry as Record<string, unknown>).pricing;
  if (typeof pricing !== 'object' || pricing === null) return null;
  const record = pricing as Record<string, unknown>;
  const input = perToken(record.prompt);
  const output = perToken(record.completion);
  if (input === null || output === null) return null;
  return { inputPerMTok: perMillion(input), outputPerMTok: perMillion(output) };
}

function perToken(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

/** 0.0000025 × 10⁶ is 2.4999999999999996 in floating point: twelve significant digits give back 2.5. */
const perMillion = (perTokenUsd: number): number => Number((perTokenUsd * 1_000_000).toPrecision(12));
