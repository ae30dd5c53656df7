// Recorded provider streams replayed byte for byte through the real client (openai SDK + attempt.ts): the exact
// answer, reasoning, tool calls, usage and finish reason each one must give.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { createModelClient } from '../../main/core/model/client';
import { loaded, provider, user } from './helpers';
import { STREAM_CASES, streamPath } from './stream-corpus';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

describe('recorded provider streams through the model client', () => {
  it.each(STREAM_CASES.map((c) => [c.file, c] as const))('%s', async (_file, c) => {
    server.setScript({ rules: [{ when: 'replay', steps: [{ replay: streamPath(c.file) }] }] });
    const client = createModelClient(loaded([provider('recorded', server.url)]));
    const deltas: string[] = [];
    const thoughts: string[] = [];
    const turn = await client.complete({
      messages: [user('replay it')],
      tools: [],
      signal: new AbortController().signal,
      onDelta: (t) => deltas.push(t),
      onReasoningDelta: (t) => thoughts.push(t),
    });
    expect(turn.content, c.covers).toBe(c.content);
    expect(turn.reasoning, c.covers).toBe(c.reasoning);
    expect(turn.toolCalls.map((t) => ({ id: t.id, name: t.function.name, arguments: t.function.arguments })), c.covers).toEqual(c.toolCalls);
    expect(turn.toolCalls.every((t) => t.type === 'function')).toBe(true);
    expect(turn.usage, c.covers).toEqual(c.usage);
    expect(turn.finishReason, c.covers).toBe(c.finishReason);
    expect(turn.model, c.covers).toBe(c.model);
    // What streamed is what was kept, each in its own channel.
    expect(deltas.join('')).toBe(c.content);
    expect(thoughts.join('')).toBe(c.reasoning);
  });

  it('covers every provider and case the corpus is for', () => {
    const files = STREAM_CASES.map((c) => c.file).join(' ');
    for (const name of ['openai', 'azure', 'deepseek', 'xai', 'groq', 'mistral', 'qwen', 'perplexity', 'anthropic-openai-compat']) {
      expect(files).toContain(name);
    }
  });
});
