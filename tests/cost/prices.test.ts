import { describe, expect, it } from 'vitest';
import { endpointPriceOf } from '../../main/core/model/endpoint-price';
import { knownPrice } from '../../main/core/cost/known-prices';
import { PriceBook } from '../../main/core/cost/price-book';
import type { LoadedConfig, ResolvedProvider } from '../../main/core/config/types';
import { RuntimeConfig } from '../../shared/config';
import { budgetStopText, costText, formatUsd, parseBudget } from '../../shared/cost';
import { ok, err } from '../../shared/result';

describe('prices from an endpoint model list', () => {
  it("reads OpenRouter's per-token strings as dollars per million tokens", () => {
    expect(endpointPriceOf({ id: 'openai/gpt-4o', pricing: { prompt: '0.0000025', completion: '0.00001', request: '0', image: '0.003613' } })).toEqual({
      inputPerMTok: 2.5,
      outputPerMTok: 10,
    });
    expect(endpointPriceOf({ id: 'meta-llama/llama-3.3-70b-instruct:free', pricing: { prompt: '0', completion: '0' } })).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
  });

  it('knows no price where the list gives none, or a variable one (negative: the router picks the model per request)', () => {
    expect(endpointPriceOf({ id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } })).toBeNull();
    expect(endpointPriceOf({ id: 'llama3', object: 'model' })).toBeNull();
    expect(endpointPriceOf({ id: 'x', pricing: { prompt: 'free', completion: '0' } })).toBeNull();
    expect(endpointPriceOf({ id: 'x', pricing: { prompt: '0.000001' } })).toBeNull();
    expect(endpointPriceOf(null)).toBeNull();
  });
});

describe('the table of known models', () => {
  it('prices known models at their vendor endpoint only', () => {
    expect(knownPrice('https://api.openai.com/v1', 'gpt-4o')).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10 });
    expect(knownPrice('https://api.openai.com/v1', 'gpt-4o-mini')).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(knownPrice('https://api.anthropic.com/v1/', 'claude-sonnet-4-20250514')).toEqual({ inputPerMTok: 3, outputPerMTok: 15 });
    expect(knownPrice('https://generativelanguage.googleapis.com/v1beta/openai/', 'models/gemini-2.5-flash')).toEqual({ inputPerMTok: 0.3, outputPerMTok: 2.5 });
    // The same name behind a proxy or a local server may cost something else: no guess.
    expect(knownPrice('http://127.0.0.1:4000/v1', 'gpt-4o')).toBeNull();
    expect(knownPrice('https://api.openai.com/v1', 'my-finetune')).toBeNull();
    expect(knownPrice('https://api.openai.com/v1', 'constructor')).toBeNull();
    expect(knownPrice('not a url', 'gpt-4o')).toBeNull();
  });
});

describe('the price book', () => {
  const provider = (name: string, baseURL: string, model: string): ResolvedProvider => ({ name, baseURL, model, apiKey: null, apiKeyEnv: null, headers: {} });
  const loaded = (providers: ResolvedProvider[], prices: Record<string, { inputPerMTok: number; outputPerMTok: number }>): LoadedConfig => ({
    path: '/h/config.json',
    home: '/h',
    envApplied: [],
    providers,
    config: RuntimeConfig.parse({ providers: providers.map((p) => ({ name: p.name, baseURL: p.baseURL, model: p.model, ...(prices[p.name] ? { price: prices[p.name] } : {}) })) }),
  });

  it('takes the model list first, then the table, then config.json; nothing before it has read them', async () => {
    const providers = [
      provider('mine', 'https://llm.example.com/v1', 'gpt-4o'),
      provider('vendor', 'https://api.openai.com/v1', 'gpt-4o'),
      provider('listed', 'https://openrouter.ai/api/v1', 'openai/gpt-4o'),
      provider('router', 'https://openrouter.ai/api/v1', 'openai/gpt-4o'),
      provider('openai', 'https://api.openai.com/v1', 'gpt-4o'),
      provider('local', 'http://127.0.0.1:11434/v1', 'llama3'),
    ];
    const book = new PriceBook({
      config: () => ok(loaded(providers, { mine: { inputPerMTok: 1, outputPerMTok: 2 }, vendor: { inputPerMTok: 1, outputPerMTok: 2 }, listed: { inputPerMTok: 1, outputPerMTok: 2 } })),
      list: async (p) =>
        p.name === 'router' || p.name === 'listed'
          ? ok([{ id: 'openai/gpt-4o', contextWindow: 128000, price: { inputPerMTok: 2.75, outputPerMTok: 11 } }])
          : p.name === 'openai'
            ? ok([{ id: 'gpt-4o', contextWindow: 128000 }])
            : err('model', 'connection refused'),
    });
    expect(book.quote('mine', 'gpt-4o')).toBeNull();
    await book.warm();
    // The fallbacks' lists are read without holding the request up.
    await book.allRead();
    // config.json's one figure per provider counts only where neither the endpoint nor the table prices the model.
    expect(book.quote('mine', 'gpt-4o')).toEqual({ inputPerMTok: 1, outputPerMTok: 2, source: 'config' });
    expect(book.quote('vendor', 'gpt-4o')).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10, source: 'table' });
    expect(book.quote('listed', 'openai/gpt-4o')).toEqual({ inputPerMTok: 2.75, outputPerMTok: 11, source: 'endpoint' });
    expect(book.quote('router', 'openai/gpt-4o')).toEqual({ inputPerMTok: 2.75, outputPerMTok: 11, source: 'endpoint' });
    expect(book.quote('openai', 'gpt-4o')).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10, source: 'table' });
    expect(book.quote('local', 'llama3')).toBeNull();
    expect(book.quote('nobody', 'gpt-4o')).toBeNull();
  });
});

describe('money and budgets as text', () => {
  it('formats dollars with four decimals below a dollar and two from there', () => {
    expect(formatUsd(0.0123)).toBe('$0.0123');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1.5)).toBe('$1.50');
    expect(formatUsd(0.00001)).toBe('<$0.0001');
  });

  it('shows money only for priced tokens, and names the unpriced ones beside it', () => {
    expect(costText({ usd: 0.0123, unpricedTokens: 0 }, 5000)).toBe('$0.0123');
    expect(costText({ usd: 0.0123, unpricedTokens: 1200 }, 5000)).toBe('$0.0123 + 1.2k tokens unpriced');
    expect(costText({ usd: 0, unpricedTokens: 5000 }, 5000)).toBeNull();
    expect(costText(undefined, 5000)).toBeNull();
  });

  it('reads budgets as people type them', () => {
    expect(parseBudget('$2')).toEqual({ unit: 'usd', limit: 2 });
    expect(parseBudget('2.5 usd')).toEqual({ unit: 'usd', limit: 2.5 });
    expect(parseBudget('200k')).toEqual({ unit: 'tokens', limit: 200_000 });
    expect(parseBudget('1.5M tokens')).toEqual({ unit: 'tokens', limit: 1_500_000 });
    expect(parseBudget('50000')).toEqual({ unit: 'tokens', limit: 50_000 });
    expect(parseBudget('0')).toBeNull();
    expect(parseBudget('lots')).toBeNull();
    expect(budgetStopText({ kind: 'daily', unit: 'usd', limit: 1, used: 1.02 })).toBe("today's budget of $1.00 is used up ($1.02)");
    expect(budgetStopText({ kind: 'session', unit: 'tokens', limit: 50_000, used: 52_310 })).toBe('the session budget of 50k tokens is used up (52.3k tokens)');
  });
});
