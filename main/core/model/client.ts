import type OpenAI from 'openai';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { LoadedConfig, ResolvedProvider } from '../config/types';
import { backoffDelay, RETRY_AFTER_CAP_MS } from './backoff';
import { streamAttempt } from './attempt';
import type { AttemptFailure } from './failure';
import { abortableSleep, type Sleep } from './sleep';
import { createNodeFetch } from './node-fetch';
import { ModelError, type ModelClient, type ModelRequest, type ModelTurn } from './types';

export interface ModelClientOptions {
  /** Backoff waits; tests inject a spy to observe delays without waiting. Must resolve early on abort. */
  sleep?: Sleep;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

/** One HTTP client for every provider: its connections are kept alive across requests and sessions. */
const nodeFetch = createNodeFetch();

/** An SDK client for one provider. The SDK's own retries are off: retry and fallback policy live here. */
export async function sdkClient(provider: Pick<ResolvedProvider, 'baseURL' | 'apiKey' | 'headers'>, timeoutMs: number): Promise<OpenAI> {
  // The SDK loads at the first request, not when the engine starts: it is the largest package the engine uses.
  const { default: OpenAI } = await import('openai');
  return new OpenAI({
    baseURL: provider.baseURL,
    // Local servers need no key, but the SDK refuses to start without one.
    apiKey: provider.apiKey ?? 'not-needed',
    timeout: timeoutMs,
    maxRetries: 0,
    defaultHeaders: provider.headers,
    // Failures come back as typed ModelErrors; the SDK's console logging would only duplicate them.
    logLevel: 'off',
    fetch: nodeFetch,
  });
}

function aborted(): ModelError {
  return new ModelError(msg('engineErrors.model.cancelled'), 'aborted');
}

/** One provider's failure in the final error: its cause, and how many attempts it took when more than one. */
interface ProviderFailure {
  provider: ResolvedProvider;
  why: Msg;
}

/** `provider "a" (url): why; then provider "b" (url): why`: each provider's cause, in the order they were tried. */
function failureChain(failures: readonly ProviderFailure[]): Msg {
  const [first, ...rest] = failures as [ProviderFailure, ...ProviderFailure[]];
  const vars = { name: first.provider.name, url: first.provider.baseURL, why: first.why };
  return rest.length === 0 ? msg('engineErrors.model.provider', vars) : msg('engineErrors.model.providerThen', { ...vars, rest: failureChain(rest) });
}

/**
 * The engine's model client: streams from the default provider, retrying transient failures (429, 5xx,
 * resets, timeouts) with backoff, then falls back through the configured providers in order.
 */
export function createModelClient(loaded: LoadedConfig, opts: ModelClientOptions = {}): ModelClient {
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  const { maxRetries, requestTimeoutMs, temperature } = loaded.config;
  const clients = new Map<string, Promise<OpenAI>>();
  // Providers that answered 400 to stream_options: remembered so later calls skip the wasted round trip.
  const noStreamOptions = new Set<string>();
  // Providers that answered 400 to a reasoning effort: never sent one again.
  const noEffort = new Set<string>();

  function clientFor(provider: ResolvedProvider): Promise<OpenAI> {
    let client = clients.get(provider.name);
    if (!client) {
      client = sdkClient(provider, requestTimeoutMs);
      clients.set(provider.name, client);
    }
    return client;
  }

  /** Tries one provider until it succeeds or gives up; returns the turn or the last failure. */
  async function tryProvider(provider: ResolvedProvider, request: ModelRequest): Promise<ModelTurn | { failure: AttemptFailure; attempts: number }> {
    let retries = 0;
    let attempts = 0;
    while (true) {
      attempts++;
      const result = await streamAttempt({
        client: await clientFor(provider),
        provider,
        request,
        timeoutMs: requestTimeoutMs,
        temperature,
        streamOptions: !noStreamOptions.has(provider.name),
        effort: noEffort.has(provider.name) ? null : (request.reasoningEffort ?? provider.reasoningEffort ?? null),
      });
      if (result.ok) return result.turn;
      const f = result.failure;
      if (f.action === 'abort' || request.signal.aborted) throw aborted();
      if (f.streamOptionsRejected && !noStreamOptions.has(provider.name)) {
        noStreamOptions.add(provider.name);
        continue;
      }
      if (f.effortRejected && !noEffort.has(provider.name)) {
        noEffort.add(provider.name);
        continue;
      }
      if (f.action === 'next' || f.action === 'stop' || retries >= maxRetries) return { failure: f, attempts };
      const delayMs = f.retryAfterMs !== null ? Math.min(f.retryAfterMs, RETRY_AFTER_CAP_MS) : backoffDelay(retries, random);
      retries++;
      request.onRetry?.({ provider: provider.name, attempt: retries, delayMs, error: f.message, errorMsg: f.msg });
      await sleep(delayMs, request.signal);
      if (request.signal.aborted) throw aborted();
    }
  }

  return {
    async complete(request) {
      if (request.signal.aborted) throw aborted();
      const failures: ProviderFailure[] = [];
      let last: AttemptFailure | null = null;
      // A session that chose its provider (/model) talks to that one alone.
      const chosen = request.provider !== undefined ? (loaded.configured ?? loaded.providers).filter((p) => p.name === request.provider) : [];
      const order = chosen.length > 0 ? chosen : loaded.providers;
      for (const [i, provider] of order.entries()) {
        if (i > 0 && last) {
          // Text streamed by the failed provider must be dropped before the next one starts.
          const why = msg('engineErrors.model.fallingBack', { error: last.msg });
          request.onRetry?.({ provider: provider.name, attempt: 0, delayMs: 0, error: english(why), errorMsg: why });
        }
        const outcome = await tryProvider(provider, request);
        if (!('failure' in outcome)) return outcome;
        last = outcome.failure;
        const why = outcome.attempts > 1 ? msg('engineErrors.model.afterAttempts', { why: last.msg, attempts: outcome.attempts }) : last.msg;
        failures.push({ provider, why });
        // A request too large for the window is the caller's to shrink; another provider would only repeat it.
        if (last.action === 'stop') break;
      }
      if (!last) throw new ModelError(msg('engineErrors.model.noProvider'), 'config');
      throw new ModelError(msg('engineErrors.model.failed', { failures: failureChain(failures) }), last.kind, last.status, last.overflow);
    },
  };
}
