import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { classify } from './failure';
import { sdkClient } from './client';
import { endpointPriceOf, type EndpointPrice } from './endpoint-price';

/** One entry of an endpoint's model list, with the context window when the endpoint says it. */
export interface ModelInfo {
  id: string;
  /** Tokens, from whichever field the server uses; null when it gives none. */
  contextWindow: number | null;
  /** Dollars per million tokens when the endpoint publishes them (OpenRouter's `pricing`); absent otherwise. */
  price?: EndpointPrice;
}

export interface ListModelsOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/**
 * Model ids an endpoint offers (sorted) and how long the listing took, for the setup screen and its
 * "Test connection" (the shape of the `config.listModels` answer). Errors are values naming the URL and the cause
 * ("http://…/v1: connection refused"), so the screen can show them next to the field.
 */
export async function listModels(
  baseURL: string,
  apiKey?: string,
  opts: ListModelsOptions = {},
): Promise<Result<{ models: string[]; latencyMs: number }>> {
  const listed = await listModelInfo(baseURL, apiKey, opts);
  if (!listed.ok) return listed;
  return ok({ models: listed.value.models.map((m) => m.id), latencyMs: listed.value.latencyMs });
}

/** The model list with what each entry says about its context window (see contextWindowOf). */
export async function listModelInfo(
  baseURL: string,
  apiKey?: string,
  opts: ListModelsOptions = {},
): Promise<Result<{ models: ModelInfo[]; latencyMs: number }>> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const provider = { name: 'setup', baseURL, model: '', apiKey: apiKey ?? null, apiKeyEnv: null, headers: opts.headers ?? {} };
  const started = performance.now();
  try {
    const client = await sdkClient(provider, timeoutMs);
    const models: ModelInfo[] = [];
    // The SDK keeps the fields it does not know, so the servers' own window fields are there to read.
    for await (const model of client.models.list(opts.signal ? { signal: opts.signal } : {})) {
      const price = endpointPriceOf(model);
      models.push({ id: model.id, contextWindow: contextWindowOf(model), ...(price ? { price } : {}) });
    }
    models.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return ok({ models, latencyMs: Math.round(performance.now() - started) });
  } catch (error) {
    const f = classify(error, provider, { userAborted: opts.signal?.aborted ?? false, timedOut: false, timeoutMs });
    return err('model', msg('engineErrors.model.listFailed', { url: baseURL, why: f.msg }));
  }
}

/**
 * Where servers put a model's window: OpenRouter and Together `context_length` (OpenRouter also
 * `top_provider.context_length`), vLLM `max_model_len`, Groq `context_window`, Mistral `max_context_length`,
 * LM Studio's native list `loaded_context_length` / `max_context_length`.
 */
const WINDOW_FIELDS = ['context_length', 'max_model_len', 'context_window', 'max_context_length', 'loaded_context_length'] as const;

/**
 * The window an entry of a model list declares. When it gives several (a model's maximum and the one its host
 * serves), the smallest is the one every request must fit in.
 */
export function contextWindowOf(entry: unknown): number | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const record = entry as Record<string, unknown>;
  const found: number[] = [];
  for (const field of WINDOW_FIELDS) found.push(...positiveInt(record[field]));
  const top = record.top_provider;
  if (typeof top === 'object' && top !== null) found.push(...positiveInt((top as Record<string, unknown>).context_length));
  return found.length > 0 ? Math.min(...found) : null;
}

function positiveInt(value: unknown): number[] {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? [n] : [];
}
