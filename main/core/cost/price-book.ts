import type { ProviderPrice } from '../../../shared/cost';
import type { Result } from '../../../shared/result';
import type { LoadedConfig, ResolvedProvider } from '../config/types';
import type { ModelInfo } from '../model/list-models';
import { knownPrice } from './known-prices';
import type { PriceQuote } from './types';

export interface PriceBookDeps {
  /** config.json as the engine reads it now: prices follow the file like the model client does. */
  config: () => Result<LoadedConfig>;
  /** An endpoint's model list, from the engine's cache (the window resolver's). */
  list: (provider: ResolvedProvider) => Promise<Result<ModelInfo[]>>;
}

interface Known {
  provider: ResolvedProvider;
  configPrice: ProviderPrice | null;
  listed: readonly ModelInfo[] | null;
}

/**
 * Where each provider's price comes from: the endpoint's model list where it publishes prices (OpenRouter), else
 * the table of known models at their vendor's endpoint, else `price` on the provider in config.json (one figure for
 * every model of an endpoint that publishes none: a local server, a proxy), else none. A price per model, published
 * or known, is more exact than one figure for a whole provider. `warm` reads what needs reading before a model request;
 * `quote` then answers at once, so a record is costed in the transaction that stores it.
 */
export class PriceBook {
  private known = new Map<string, Known>();

  constructor(private readonly deps: PriceBookDeps) {}

  /**
   * Re-reads the config and the model lists: the default provider's is waited for (its request comes next), the
   * fallbacks' are read meanwhile, so one that is down never holds a request up.
   */
  async warm(): Promise<void> {
    const loaded = this.deps.config();
    if (!loaded.ok) return;
    const next = new Map<string, Known>();
    for (const provider of loaded.value.providers) {
      const configPrice = loaded.value.config.providers.find((p) => p.name === provider.name)?.price ?? null;
      next.set(provider.name, { provider, configPrice, listed: this.known.get(provider.name)?.listed ?? null });
    }
    this.known = next;
    const reads = [...next.values()].map(async (k) => {
      const listed = await this.deps.list(k.provider);
      if (listed.ok) k.listed = listed.value;
    });
    const [first, ...rest] = reads;
    for (const read of rest) void read.catch(() => undefined);
    this.reading = Promise.all(reads.map((r) => r.catch(() => undefined))).then(() => undefined);
    await first?.catch(() => undefined);
  }

  /** Resolves once every list the last `warm` asked for has been read (the fallbacks' too). */
  allRead(): Promise<void> {
    return this.reading;
  }

  private reading: Promise<void> = Promise.resolve();

  quote(providerName: string, model: string): PriceQuote | null {
    const k = this.known.get(providerName);
    if (!k) return null;
    const entry = k.listed?.find((m) => m.id === model) ?? k.listed?.find((m) => m.id.toLowerCase() === model.toLowerCase());
    if (entry?.price) return { ...entry.price, source: 'endpoint' };
    const table = knownPrice(k.provider.baseURL, model);
    if (table) return { ...table, source: 'table' };
    return k.configPrice ? { ...k.configPrice, source: 'config' } : null;
  }
}
