import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextWindowOf, listModelInfo, listModels } from '../../main/core/model/list-models';
import { startModelsEndpoint, type ModelsEndpoint } from '../helpers/models-endpoint';

let endpoint: ModelsEndpoint;
beforeEach(async () => {
  endpoint = await startModelsEndpoint();
});
afterEach(() => endpoint.close());

describe('listModelInfo', () => {
  it('keeps the window each server kind declares, and null where it declares none', async () => {
    endpoint.entries = [
      { id: 'openai/gpt-4o', object: 'model', context_length: 128000, top_provider: { context_length: 128000 } }, // OpenRouter
      { id: 'Qwen/Qwen2.5-7B-Instruct', object: 'model', owned_by: 'vllm', max_model_len: 32768 }, // vLLM
      { id: 'llama-3.3-70b-versatile', object: 'model', context_window: 131072 }, // Groq
      { id: 'mistral-small-latest', object: 'model', max_context_length: 32768 }, // Mistral
      { id: 'qwen2.5-coder:7b', object: 'model', owned_by: 'library' }, // Ollama
    ];
    const result = await listModelInfo(endpoint.url, 'sk-x', { headers: { 'x-title': 'paragents' } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.models).toEqual([
      { id: 'Qwen/Qwen2.5-7B-Instruct', contextWindow: 32768 },
      { id: 'llama-3.3-70b-versatile', contextWindow: 131072 },
      { id: 'mistral-small-latest', contextWindow: 32768 },
      { id: 'openai/gpt-4o', contextWindow: 128000 },
      { id: 'qwen2.5-coder:7b', contextWindow: null },
    ]);
    expect(endpoint.requests[0]?.authorization).toBe('Bearer sk-x');
    expect(endpoint.requests[0]?.['x-title']).toBe('paragents');
    // The setup screen's answer keeps its shape: sorted ids only.
    const ids = await listModels(endpoint.url);
    expect(ids.ok && ids.value.models).toEqual(['Qwen/Qwen2.5-7B-Instruct', 'llama-3.3-70b-versatile', 'mistral-small-latest', 'openai/gpt-4o', 'qwen2.5-coder:7b']);
  });
});

describe('contextWindowOf', () => {
  it('takes the smallest of the windows an entry declares: the one a request must fit in', () => {
    expect(contextWindowOf({ id: 'x', context_length: 200000, top_provider: { context_length: 64000 } })).toBe(64000);
    expect(contextWindowOf({ id: 'x', max_context_length: 131072, loaded_context_length: 4096 })).toBe(4096);
  });

  it('ignores values that are not positive whole numbers, and reads digit strings', () => {
    expect(contextWindowOf({ id: 'x', context_length: 0, max_model_len: -1, context_window: 1.5 })).toBeNull();
    expect(contextWindowOf({ id: 'x', context_length: null, top_provider: null })).toBeNull();
    expect(contextWindowOf({ id: 'x', context_length: '8192' })).toBe(8192);
    expect(contextWindowOf('gpt-4o')).toBeNull();
  });
});
