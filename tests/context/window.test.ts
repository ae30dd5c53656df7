import { describe, expect, it } from 'vitest';
import { createWindowResolver, describeWindow, DEFAULT_CONTEXT_WINDOW, type ModelListLookup, type WindowProvider } from '../../main/core/context/window';
import { tableWindow } from '../../main/core/context/model-windows';
import type { ModelInfo } from '../../main/core/model/list-models';
import { startModelsEndpoint } from '../helpers/models-endpoint';

const provider = (model: string, extra: Partial<WindowProvider> = {}): WindowProvider => ({
  name: 'p', baseURL: 'http://127.0.0.1:9/v1', model, apiKey: null, headers: {}, ...extra,
});

/** A lookup that answers from a list and counts how often it is asked. */
function countingLookup(answer: () => ModelInfo[] | Error): { lookup: ModelListLookup; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    lookup: async () => {
      calls++;
      const a = answer();
      return a instanceof Error ? { ok: false, error: { kind: 'model', message: a.message } } : { ok: true, value: a };
    },
  };
}

describe('context window resolution', () => {
  it('prefers config.json, then the endpoint, then the table, then the default', async () => {
    const { lookup } = countingLookup(() => [
      { id: 'gpt-4o', contextWindow: 64000 },
      { id: 'my-finetune', contextWindow: 12000 },
      { id: 'llama3.1:8b', contextWindow: null },
    ]);
    const resolver = createWindowResolver({ lookup });
    expect(await resolver.resolve(provider('gpt-4o', { contextWindow: 20000 }))).toEqual({ tokens: 20000, source: 'config' });
    expect(await resolver.resolve(provider('gpt-4o'))).toEqual({ tokens: 64000, source: 'endpoint' });
    expect(await resolver.resolve(provider('MY-FINETUNE'))).toEqual({ tokens: 12000, source: 'endpoint' });
    expect(await resolver.resolve(provider('llama3.1:8b'))).toEqual({ tokens: 131072, source: 'table' });
    expect(await resolver.resolve(provider('some-new-model'))).toEqual({ tokens: DEFAULT_CONTEXT_WINDOW, source: 'default' });
    expect(DEFAULT_CONTEXT_WINDOW).toBe(8192);
  });

  it('falls back to the table when the endpoint cannot be reached', async () => {
    const { lookup } = countingLookup(() => new Error('connection refused'));
    const resolver = createWindowResolver({ lookup });
    expect(await resolver.resolve(provider('claude-3-5-sonnet'))).toEqual({ tokens: 200000, source: 'table' });
  });

  it('asks each endpoint once per resolver (concurrent callers share the answer), and again after a failure', async () => {
    let fail = true;
    let clock = 0;
    const counted = countingLookup(() => (fail ? new Error('starting') : [{ id: 'm', contextWindow: 4096 }]));
    const resolver = createWindowResolver({ lookup: counted.lookup, retryFailedAfterMs: 1000, now: () => clock });
    expect((await resolver.resolve(provider('m'))).source).toBe('default');
    fail = false;
    expect((await resolver.resolve(provider('m'))).source).toBe('default'); // the failure is remembered for a while
    expect(counted.calls()).toBe(1);
    clock = 1000;
    const both = await Promise.all([resolver.resolve(provider('m')), resolver.resolve(provider('m'))]);
    expect(both).toEqual([{ tokens: 4096, source: 'endpoint' }, { tokens: 4096, source: 'endpoint' }]);
    expect(counted.calls()).toBe(2);
    clock = 10_000_000;
    await resolver.resolve(provider('m'));
    expect(counted.calls()).toBe(2); // a success is kept
    // Another resolver (another engine) has its own cache.
    const other = createWindowResolver({ lookup: counted.lookup });
    await other.resolve(provider('m'));
    expect(counted.calls()).toBe(3);
  });

  it('reads a real endpoint\'s model list over HTTP and describes every provider', async () => {
    const endpoint = await startModelsEndpoint([{ id: 'served', object: 'model', max_model_len: 16384 }]);
    const baseURL = endpoint.url;
    const resolver = createWindowResolver();
    const described = await resolver.describe([
      provider('served', { name: 'vllm', baseURL }),
      provider('gpt-4.1-mini', { name: 'openai', baseURL }),
    ]);
    expect(described).toEqual([
      { provider: 'vllm', model: 'served', tokens: 16384, source: 'endpoint' },
      { provider: 'openai', model: 'gpt-4.1-mini', tokens: 1_000_000, source: 'table' },
    ]);
    expect(describeWindow({ tokens: 16384, source: 'endpoint' })).toBe("16384 (from the endpoint's model list)");
    expect(endpoint.requests).toHaveLength(1); // both providers share the endpoint: its list is read once
    await endpoint.close();
  });
});

describe('the table of model families', () => {
  it('matches by family prefix, without vendor prefixes, the more specific family first', () => {
    const cases: Array<[string, number | null]> = [
      ['gpt-4o-mini', 128_000],
      ['openai/gpt-4o', 128_000],
      ['gpt-4.1-nano', 1_000_000],
      ['gpt-5-mini', 272_000],
      ['gpt-4', 8_192],
      ['gpt-4-turbo-2024-04-09', 128_000],
      ['gpt-3.5-turbo', 16_385],
      ['o1-mini', 128_000],
      ['o3-mini', 200_000],
      ['o4-mini', 200_000],
      ['anthropic/claude-sonnet-4', 200_000],
      ['claude-2.1', 100_000],
      ['meta-llama/Meta-Llama-3.1-8B-Instruct', 131_072],
      ['llama3:8b', 8_192],
      ['llama2', 4_096],
      ['qwen2.5-coder:7b', 32_768],
      ['Qwen/Qwen3-8B', 32_768],
      ['qwen3-coder-30b-a3b', 262_144],
      ['deepseek-chat', 65_536],
      ['deepseek-coder:6.7b', 16_384],
      ['mistral-large-latest', 131_072],
      ['mistral:7b', 32_768],
      ['gemma2:9b', 8_192],
      ['gemma3:12b', 32_768],
      ['totally-unknown', null],
      ['omni-moderation-latest', null],
    ];
    expect(cases.map(([model]) => [model, tableWindow(model)])).toEqual(cases);
  });
});
