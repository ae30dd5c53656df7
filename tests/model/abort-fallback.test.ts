import { describe, expect, it, vi } from 'vitest';
import { startModelServer } from '../fixtures/model-server';
import { useEngineFixture } from '../helpers/engine-fixture';
import { createModelClient } from '../../main/core/model/client';
import type { ModelRetryInfo } from '../../main/core/model/types';
import { closedPort, loaded, provider, sleepSpy, user } from './helpers';

const fx = useEngineFixture();

describe('model client abort', () => {
  it('rejects promptly with kind "aborted" when aborted mid-stream', async () => {
    // The stream stops after its first chunk at a gate that is never opened: only the abort can end the call.
    fx.server.setScript({ chunkSize: 1, rules: [{ when: 'x', steps: [{ content: 'y'.repeat(200), gate: 'mid-stream', gateAfterChunks: 1 }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const controller = new AbortController();
    const turn = client.complete({
      messages: [user('x')],
      tools: [],
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    await expect(turn).rejects.toMatchObject({ name: 'ModelError', kind: 'aborted' });
    await vi.waitFor(() => expect(fx.server.activeStreams()).toBe(0));
  });

  it('rejects promptly when aborted during a backoff wait (real sleep)', async () => {
    // Retry-After asks for 50 s, longer than the test may run: the call can only end early through the abort.
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ fault: { type: '429', retryAfter: 50 } }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const controller = new AbortController();
    const turn = client.complete({ messages: [user('x')], tools: [], signal: controller.signal, onRetry: () => setTimeout(() => controller.abort(), 20) });
    await expect(turn).rejects.toMatchObject({ kind: 'aborted' });
    expect(fx.server.requests).toHaveLength(1);
  });

  it('rejects at once when the signal is already aborted, without a request', async () => {
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    await expect(client.complete({ messages: [user('x')], tools: [], signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'aborted' });
    expect(fx.server.requests).toHaveLength(0);
  });
});

describe('model client fallback', () => {
  it('falls back to the next provider when the first is unreachable, without retrying it', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const spy = sleepSpy();
    const retries: ModelRetryInfo[] = [];
    const client = createModelClient(loaded([provider('dead', dead), provider('backup', fx.server.url)]), { sleep: spy.sleep });
    const turn = await client.complete({ messages: [user('hello')], tools: [], signal: new AbortController().signal, onRetry: (r) => retries.push(r) });
    expect(turn.content).toBe('echo: hello');
    expect(turn.provider).toBe('backup');
    expect(spy.delays).toEqual([]);
    expect(retries).toEqual([
      {
        provider: 'backup',
        attempt: 0,
        delayMs: 0,
        error: 'falling back after: connection refused',
        errorMsg: { key: 'engineErrors.model.fallingBack', vars: { error: { key: 'engineErrors.model.unreachable.refused' } } },
      },
    ]);
  });

  it('falls back once the first provider has spent its retries', async () => {
    const first = await startModelServer({ script: { rules: [{ when: '', steps: [{ fault: { type: '500', times: 100 } }] }] } });
    try {
      const spy = sleepSpy();
      const client = createModelClient(loaded([provider('flaky', first.url), provider('backup', fx.server.url)], { maxRetries: 1 }), { sleep: spy.sleep });
      const turn = await client.complete({ messages: [user('hi')], tools: [], signal: new AbortController().signal });
      expect(turn.provider).toBe('backup');
      expect(first.requests).toHaveLength(2);
      expect(spy.delays).toHaveLength(1);
    } finally {
      await first.close();
    }
  });

  it('names every provider and the last cause when all fail', async () => {
    const deadA = `http://127.0.0.1:${await closedPort()}/v1`;
    fx.server.setScript({ rules: [{ when: '', steps: [{ fault: { type: '401', times: 100 } }] }] });
    const client = createModelClient(loaded([provider('local', deadA), provider('cloud', fx.server.url)]));
    const failure = client.complete({ messages: [user('hi')], tools: [], signal: new AbortController().signal });
    await expect(failure).rejects.toMatchObject({ kind: 'http', status: 401 });
    await expect(failure).rejects.toThrow(
      `model request failed: provider "local" (${deadA}): connection refused; then provider "cloud" (${fx.server.url}): the API key was rejected`,
    );
  });

  it('reports an unreachable single provider in one sentence', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const client = createModelClient(loaded([provider('local', dead)]));
    const failure = client.complete({ messages: [user('hi')], tools: [], signal: new AbortController().signal });
    await expect(failure).rejects.toMatchObject({ kind: 'network' });
    await expect(failure).rejects.toThrow(`model request failed: provider "local" (${dead}): connection refused`);
  });
});
