import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import type { OverflowWording } from '../fixtures/model-overflow';
import { requestTokens } from '../fixtures/model-overflow';
import { createModelClient } from '../../main/core/model/client';
import { detectContextOverflow } from '../../main/core/model/overflow';
import { ModelError } from '../../main/core/model/types';
import { loaded, provider, sleepSpy, user } from './helpers';

let server: ModelServer;
let spare: ModelServer;
beforeEach(async () => {
  server = await startModelServer();
  spare = await startModelServer();
});
afterEach(async () => {
  await server.close();
  await spare.close();
});

const WINDOW = 50;
const big = user(`please read all of this: ${'lorem ipsum dolor sit amet '.repeat(40)}`);

async function refusal(wording: OverflowWording): Promise<ModelError> {
  server.setScript({ contextWindow: WINDOW, overflowWording: wording, rules: [] });
  const spy = sleepSpy();
  const client = createModelClient(loaded([provider('small', server.url), provider('spare', spare.url)], { maxRetries: 3 }), {
    sleep: spy.sleep,
  });
  const error = await client.complete({ messages: [big], tools: [], signal: new AbortController().signal }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ModelError);
  // Neither retried with backoff nor sent to the next provider: only a smaller request can succeed.
  expect(spy.delays).toEqual([]);
  expect(server.requests).toHaveLength(1);
  expect(spare.requests).toHaveLength(0);
  return error as ModelError;
}

describe('context overflow through the scripted server and the openai SDK', () => {
  const requested = (): number => requestTokens([big], undefined);
  const cases: { wording: OverflowWording; window: number | null; requested: () => number | null }[] = [
    { wording: 'openai', window: WINDOW, requested },
    { wording: 'vllm', window: WINDOW, requested },
    { wording: 'openrouter', window: WINDOW, requested },
    { wording: 'lmstudio', window: WINDOW, requested },
    { wording: 'llamacpp', window: WINDOW, requested },
    { wording: 'deepseek', window: WINDOW, requested },
    // Ollama says only by how much the prompt is too long.
    { wording: 'ollama', window: null, requested: () => null },
  ];
  for (const c of cases) {
    it(`classifies the ${c.wording} wording as context_overflow with its numbers`, async () => {
      const error = await refusal(c.wording);
      expect(error.kind).toBe('context_overflow');
      expect(error.status).toBe(400);
      expect(error.overflow).toEqual({ window: c.window, requested: c.requested() });
      expect(error.message).toMatch(/the request is larger than the model's context window/);
      expect(error.message).toContain('provider "small"');
    });
  }

  it('answers normally when the request fits the window', async () => {
    server.setScript({ contextWindow: 500, rules: [{ when: 'hi', steps: [{ content: 'hello' }] }] });
    const client = createModelClient(loaded([provider('small', server.url)]));
    const turn = await client.complete({ messages: [user('hi')], tools: [], signal: new AbortController().signal });
    expect(turn.content).toBe('hello');
  });

  it("sends OpenAI's exact error body", async () => {
    server.setScript({ contextWindow: WINDOW, rules: [] });
    const res = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [big] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: `This model's maximum context length is ${WINDOW} tokens. However, your messages resulted in ${requested()} tokens. Please reduce the length of the messages.`,
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    });
  });
});

describe('detectContextOverflow wordings', () => {
  const table: [string, string, unknown, { window: number | null; requested: number | null } | null][] = [
    ['OpenAI code only', 'Your input exceeds the context window of this model. Please adjust your input and try again.', { code: 'context_length_exceeded' }, { window: null, requested: null }],
    ['OpenAI legacy', "This model's maximum context length is 4097 tokens, however you requested 4231 tokens (3975 in your prompt; 256 for the completion).", null, { window: 4097, requested: 4231 }],
    ['vLLM input-only', "This model's maximum context length is 32768 tokens. However, your request has 40000 input tokens. Please reduce the length of the input messages.", null, { window: 32768, requested: 40000 }],
    ['vLLM engine', 'The prompt (total length 25938) is too long to fit into the model (context length 4096).', null, { window: 4096, requested: 25938 }],
    ['llama.cpp old', 'the request exceeds the available context size. try increasing the context size or enable context shift', { code: 500 }, { window: null, requested: null }],
    ['llama-cpp-python', 'Requested tokens (2285) exceed context window of 2048', null, { window: 2048, requested: 2285 }],
    ['Anthropic compatible', 'prompt is too long: 210000 tokens > 200000 maximum', null, { window: 200000, requested: 210000 }],
    ['Mistral', 'Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length', null, { window: 32768, requested: 40000 }],
    ['TGI', 'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 8193. Given: 9000 `inputs` tokens and 512 `max_new_tokens`', null, { window: 8193, requested: 9512 }],
    ['Gemini', 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).', null, { window: 1048576, requested: 1200000 }],
    ['Ollama with window', 'input length exceeds the context length', null, { window: null, requested: null }],
    ['not an overflow: rate limit', 'Rate limit reached for requests', { code: 'rate_limit_exceeded' }, null],
    ['not an overflow: bad model', 'The model `gpt-9` does not exist', { code: 'model_not_found' }, null],
    ['not an overflow: stream options', 'Unrecognized request argument supplied: stream_options', null, null],
  ];
  for (const [name, message, body, expected] of table) {
    it(name, () => {
      expect(detectContextOverflow(message, body)).toEqual(expected);
    });
  }
});
