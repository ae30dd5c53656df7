import { describe, expect, it, vi } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { createModelClient } from '../../main/core/model/client';
import type { ModelRetryInfo } from '../../main/core/model/types';
import { loaded, provider, sleepSpy, user } from './helpers';

const fx = useEngineFixture();

const signal = () => new AbortController().signal;

describe('model client retries', () => {
  it('honours Retry-After on 429 and reports the retry', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ content: 'ok', fault: { type: '429', times: 2, retryAfter: 7 } }] }] });
    const spy = sleepSpy();
    const retries: ModelRetryInfo[] = [];
    const client = createModelClient(loaded([provider('local', fx.server.url)]), { sleep: spy.sleep, random: () => 0.999 });
    const turn = await client.complete({ messages: [user('x')], tools: [], signal: signal(), onRetry: (r) => retries.push(r) });
    expect(turn.content).toBe('ok');
    expect(spy.delays).toEqual([7000, 7000]);
    expect(retries.map((r) => [r.provider, r.attempt, r.delayMs])).toEqual([['local', 1, 7000], ['local', 2, 7000]]);
    expect(retries[0]?.error).toMatch(/rate limited \(429/);
    expect(fx.server.requests).toHaveLength(3);
  });

  it('caps a huge Retry-After at 60 s', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ content: 'ok', fault: { type: '429', retryAfter: 3600 } }] }] });
    const spy = sleepSpy();
    const client = createModelClient(loaded([provider('local', fx.server.url)]), { sleep: spy.sleep });
    await client.complete({ messages: [user('x')], tools: [], signal: signal() });
    expect(spy.delays).toEqual([60_000]);
  });

  it('retries 500 with exponential full-jitter backoff', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ content: 'recovered', fault: { type: '500', times: 3 } }] }] });
    const spy = sleepSpy();
    const client = createModelClient(loaded([provider('local', fx.server.url)], { maxRetries: 3 }), { sleep: spy.sleep, random: () => 0.5 });
    const turn = await client.complete({ messages: [user('x')], tools: [], signal: signal() });
    expect(turn.content).toBe('recovered');
    // random 0.5 of min(30 s, 500 ms * 2^n)
    expect(spy.delays).toEqual([250, 500, 1000]);
  });

  it('gives up after maxRetries and names the provider and the cause', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ fault: { type: '500', times: 10 } }] }] });
    const spy = sleepSpy();
    const client = createModelClient(loaded([provider('local', fx.server.url)], { maxRetries: 2 }), { sleep: spy.sleep });
    const failure = client.complete({ messages: [user('x')], tools: [], signal: signal() });
    await expect(failure).rejects.toMatchObject({ kind: 'http', status: 500 });
    await expect(failure).rejects.toThrow(`model request failed: provider "local" (${fx.server.url}): server error (500: The server had an error (scripted)) (after 3 attempts)`);
    expect(spy.delays).toHaveLength(2);
    expect(fx.server.requests).toHaveLength(3);
  });

  it('retries a connection reset mid-stream; onRetry fires so partial text can be dropped', async () => {
    fx.server.setScript({ chunkSize: 2, rules: [{ when: 'x', steps: [{ content: 'abcdefghij', fault: { type: 'reset', afterChunks: 2 } }] }] });
    const spy = sleepSpy();
    const events: string[] = [];
    const client = createModelClient(loaded([provider('local', fx.server.url)]), { sleep: spy.sleep });
    const turn = await client.complete({
      messages: [user('x')],
      tools: [],
      signal: signal(),
      onDelta: (t) => events.push(`delta:${t}`),
      onRetry: (r) => events.push(`retry:${r.error}`),
    });
    expect(turn.content).toBe('abcdefghij');
    const retryAt = events.findIndex((e) => e.startsWith('retry:'));
    expect(events.slice(0, retryAt)).toEqual(['delta:ab', 'delta:cd']);
    expect(events[retryAt]).toMatch(/connection lost mid-stream/);
    expect(events.slice(retryAt + 1).join('')).toBe('delta:abdelta:cddelta:efdelta:ghdelta:ij');
    expect(spy.delays).toHaveLength(1);
  });

  it('retries a reset before any answer', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ content: 'fine', fault: { type: 'reset' } }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]), { sleep: sleepSpy().sleep });
    const turn = await client.complete({ messages: [user('x')], tools: [], signal: signal() });
    expect(turn.content).toBe('fine');
    expect(fx.server.requests).toHaveLength(2);
  });

  it('does not retry 401 and says the key was rejected', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ fault: { type: '401', times: 5 } }] }] });
    const spy = sleepSpy();
    const client = createModelClient(loaded([provider('local', fx.server.url, { apiKey: null, apiKeyEnv: 'LOCAL_KEY' })]), { sleep: spy.sleep });
    const failure = client.complete({ messages: [user('x')], tools: [], signal: signal() });
    await expect(failure).rejects.toMatchObject({ kind: 'http', status: 401 });
    await expect(failure).rejects.toThrow(/the API key was rejected .*set LOCAL_KEY/);
    expect(spy.delays).toEqual([]);
    expect(fx.server.requests).toHaveLength(1);
  });

  it('times out a request that never answers, then retries', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ content: 'late but fine', fault: { type: 'hang' } }] }] });
    const retries: ModelRetryInfo[] = [];
    const client = createModelClient(loaded([provider('local', fx.server.url)], { requestTimeoutMs: 1000 }), { sleep: sleepSpy().sleep });
    const turn = await client.complete({ messages: [user('x')], tools: [], signal: signal(), onRetry: (r) => retries.push(r) });
    expect(turn.content).toBe('late but fine');
    expect(retries).toHaveLength(1);
    expect(retries[0]?.error).toMatch(/timed out/);
  });

  it('reports a timeout as kind "timeout" once retries are spent', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ fault: { type: 'hang', times: 5 } }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)], { requestTimeoutMs: 1000, maxRetries: 0 }));
    // The server never answers, so only the client's own request timeout can end the call.
    await expect(client.complete({ messages: [user('x')], tools: [], signal: signal() })).rejects.toMatchObject({ kind: 'timeout' });
    // The server notices the client hanging up shortly after.
    await vi.waitFor(() => expect(fx.server.activeStreams()).toBe(0));
  });
});
