import { err, ok, type Result } from '../../../shared/result';
import { classify } from './failure';
import { sdkClient } from './client';

/**
 * Model ids an endpoint offers (sorted) and how long the listing took, for the setup screen and its
 * "Test connection" (the shape of the `config.listModels` answer). Errors are values naming the URL and the cause
 * ("http://…/v1: connection refused"), so the screen can show them next to the field.
 */
export async function listModels(
  baseURL: string,
  apiKey?: string,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Result<{ models: string[]; latencyMs: number }>> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const provider = { name: 'setup', baseURL, model: '', apiKey: apiKey ?? null, apiKeyEnv: null, headers: {} };
  const started = performance.now();
  try {
    const client = sdkClient(provider, timeoutMs);
    const ids: string[] = [];
    for await (const model of client.models.list(opts.signal ? { signal: opts.signal } : {})) ids.push(model.id);
    return ok({ models: ids.sort(), latencyMs: Math.round(performance.now() - started) });
  } catch (error) {
    const f = classify(error, provider, { userAborted: opts.signal?.aborted ?? false, timedOut: false, timeoutMs });
    return err('model', `${baseURL}: ${f.message}`);
  }
}
