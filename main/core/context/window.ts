import { windowSourceText, type ContextWindowInfo, type ContextWindowSource } from '../../../shared/config';
import type { Result } from '../../../shared/result';
import type { ResolvedProvider } from '../config/types';
import { listModelInfo, type ModelInfo } from '../model/list-models';
import { tableWindow } from './model-windows';

/** Used when neither the config, the endpoint nor the table knows the model: small enough for most servers. */
export const DEFAULT_CONTEXT_WINDOW = 8192;

export interface ContextWindow {
  tokens: number;
  source: ContextWindowSource;
}

/** What resolving a window needs of a provider. */
export type WindowProvider = Pick<ResolvedProvider, 'name' | 'baseURL' | 'model' | 'apiKey' | 'headers' | 'contextWindow'>;

/** Reads an endpoint's model list (the real one calls `GET {baseURL}/models`). */
export type ModelListLookup = (provider: WindowProvider, timeoutMs: number) => Promise<Result<ModelInfo[]>>;

export interface WindowResolver {
  /** config.json's contextWindow, else the endpoint's model list, else the table, else the default. Never fails. */
  resolve(provider: WindowProvider): Promise<ContextWindow>;
  /** The window of each provider, for `config show` and `/show-config`. */
  describe(providers: readonly WindowProvider[]): Promise<ContextWindowInfo[]>;
  /** The endpoint's model list, from the same cache (prices are read from it too: main/core/cost). */
  list(provider: WindowProvider): Promise<Result<ModelInfo[]>>;
}

export interface WindowResolverOptions {
  lookup?: ModelListLookup;
  /** The model list is asked for on the way to a request, so it must answer quickly or be skipped. */
  timeoutMs?: number;
  /** An endpoint whose list could not be read is asked again after this long (a server that was starting up). */
  retryFailedAfterMs?: number;
  now?: () => number;
}

const realLookup: ModelListLookup = async (provider, timeoutMs) => {
  const listed = await listModelInfo(provider.baseURL, provider.apiKey ?? undefined, { timeoutMs, headers: provider.headers });
  return listed.ok ? { ok: true, value: listed.value.models } : listed;
};

/** The window an endpoint's list gives for a model id, matching exactly first, then ignoring case. */
export function listedWindow(models: readonly ModelInfo[], model: string): number | null {
  const exact = models.find((m) => m.id === model);
  if (exact) return exact.contextWindow;
  const lower = model.toLowerCase();
  return models.find((m) => m.id.toLowerCase() === lower)?.contextWindow ?? null;
}

/**
 * A resolver whose model lists are cached for its lifetime: build one per engine (in the composition root), so
 * each endpoint is asked once, not on every request. Failed listings are retried after `retryFailedAfterMs`.
 */
export function createWindowResolver(opts: WindowResolverOptions = {}): WindowResolver {
  const lookup = opts.lookup ?? realLookup;
  const timeoutMs = opts.timeoutMs ?? 3000;
  const retryFailedAfterMs = opts.retryFailedAfterMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const lists = new Map<string, { at: number; result: Promise<Result<ModelInfo[]>>; failed: boolean }>();

  async function modelList(provider: WindowProvider): Promise<Result<ModelInfo[]>> {
    const key = JSON.stringify([provider.baseURL, provider.apiKey, provider.headers]);
    const hit = lists.get(key);
    if (hit && !(hit.failed && now() - hit.at >= retryFailedAfterMs)) return hit.result;
    const entry = { at: now(), result: lookup(provider, timeoutMs), failed: false };
    lists.set(key, entry);
    const result = await entry.result;
    entry.failed = !result.ok;
    entry.at = now();
    return result;
  }

  async function resolve(provider: WindowProvider): Promise<ContextWindow> {
    if (provider.contextWindow !== undefined) return { tokens: provider.contextWindow, source: 'config' };
    const listed = await modelList(provider);
    const fromEndpoint = listed.ok ? listedWindow(listed.value, provider.model) : null;
    if (fromEndpoint !== null) return { tokens: fromEndpoint, source: 'endpoint' };
    const fromTable = tableWindow(provider.model);
    if (fromTable !== null) return { tokens: fromTable, source: 'table' };
    return { tokens: DEFAULT_CONTEXT_WINDOW, source: 'default' };
  }

  return {
    resolve,
    list: modelList,
    describe: (providers) =>
      Promise.all(providers.map(async (p) => ({ provider: p.name, model: p.model, ...(await resolve(p)) }))),
  };
}

/** "128000 (from the endpoint's model list)": the value and where it came from, for people. */
export function describeWindow(window: ContextWindow): string {
  return `${window.tokens} (${windowSourceText(window.source)})`;
}
