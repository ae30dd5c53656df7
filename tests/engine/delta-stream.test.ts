import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { DELTA_WINDOW_MS, DeltaStreams, MAX_HELD_CHARS, type DeltaDraft } from '../../main/core/kernel/delta-stream';
import type { EngineEvent } from '../../shared/events';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';
import { useEngineFixture } from '../helpers/engine-fixture';

afterEach(() => {
  vi.useRealTimers();
  cleanupTempDirs();
});

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const delta = (sessionId: string, text: string, type: DeltaDraft['type'] = 'assistant_delta', promptId = `p-${sessionId}`): DeltaDraft => ({
  type,
  sessionId,
  promptId,
  text,
});

describe('streamed deltas', () => {
  it('are joined per session for one frame, text exact and in order, with a timer only while text is held', () => {
    vi.useFakeTimers();
    const out: DeltaDraft[] = [];
    const streams = new DeltaStreams((d) => out.push(d));
    const before = vi.getTimerCount();
    const pieces = Array.from({ length: 300 }, (_, i) => `chunk ${i} `);
    for (const [i, piece] of pieces.entries()) {
      streams.push(delta('a', piece));
      if (i % 3 === 0) streams.push(delta('b', piece.toUpperCase()));
    }
    expect(out).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(before + 1);
    vi.advanceTimersByTime(DELTA_WINDOW_MS - 1);
    expect(out).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(out.map((d) => d.sessionId).sort()).toEqual(['a', 'b']);
    expect(out.find((d) => d.sessionId === 'a')?.text).toBe(pieces.join(''));
    expect(out.find((d) => d.sessionId === 'b')?.text).toBe(pieces.filter((_, i) => i % 3 === 0).join('').toUpperCase());
    expect(streams.size).toBe(0);
    expect(vi.getTimerCount()).toBe(before);
  });

  it('publish held text first when the stream changes type or prompt, and at once past the size limit', () => {
    const out: DeltaDraft[] = [];
    const streams = new DeltaStreams((d) => out.push(d));
    streams.push(delta('a', 'think ', 'reasoning_delta'));
    streams.push(delta('a', 'more', 'reasoning_delta'));
    streams.push(delta('a', 'Answer', 'assistant_delta'));
    streams.push(delta('a', 'next prompt', 'assistant_delta', 'p-other'));
    expect(out.map((d) => [d.type, d.promptId, d.text])).toEqual([
      ['reasoning_delta', 'p-a', 'think more'],
      ['assistant_delta', 'p-a', 'Answer'],
    ]);
    streams.push(delta('a', 'x'.repeat(MAX_HELD_CHARS), 'assistant_delta', 'p-other'));
    expect(out.at(-1)?.text).toBe(`next prompt${'x'.repeat(MAX_HELD_CHARS)}`);
    expect(streams.size).toBe(0);
  });

  it('reach the bus’s listeners before any later event of their session, also one emitted in a batch', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store, bus } = t;
    try {
      const a = store.sessions.create({ workspace: '/w', name: 'a', mode: 'default' });
      const b = store.sessions.create({ workspace: '/w', name: 'b', mode: 'default' });
      const pa = promptAt(t, a.id, 'hi');
      const pb = promptAt(t, b.id, 'hi');
      // The events stored from here on follow the prompts' own queueing events.
      const queued = store.events.list({ sessionId: a.id }).at(-1)?.seq ?? 0;
      const seen: EngineEvent[] = [];
      bus.subscribe((e) => seen.push(e));
      bus.stream({ type: 'assistant_delta', sessionId: a.id, promptId: pa.id, text: 'Hel' });
      bus.stream({ type: 'assistant_delta', sessionId: b.id, promptId: pb.id, text: 'other' });
      bus.stream({ type: 'assistant_delta', sessionId: a.id, promptId: pa.id, text: 'lo.' });
      expect(seen).toHaveLength(0);
      bus.batch(() => {
        store.transcript.append(a.id, pa.id, { role: 'assistant', content: 'Hello.' });
        bus.emit({ type: 'assistant_message', sessionId: a.id, promptId: pa.id, content: 'Hello.', toolCalls: [] });
      });
      expect(seen.map((e) => [e.type, e.sessionId === a.id ? 'a' : 'b'])).toEqual([
        ['assistant_delta', 'a'],
        ['assistant_message', 'a'],
      ]);
      expect(seen[0]).toMatchObject({ type: 'assistant_delta', text: 'Hello.', seq: 0, sessionRef: a.ref, promptRef: pa.ref });
      // Streamed text is published, never stored.
      expect(store.events.list({ sessionId: a.id, afterSeq: queued }).map((e) => e.type)).toEqual(['assistant_message']);
      bus.flushStreams();
      expect(seen.at(-1)).toMatchObject({ type: 'assistant_delta', sessionId: b.id, text: 'other' });
    } finally {
      store.close();
    }
  });
});

describe('an engine streaming answers', () => {
  const answer = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
  const fx = useEngineFixture({ script: { tokensPerSecond: 2000, chunkSize: 3, rules: [{ when: 'talk', steps: [{ content: answer }] }] } });

  it('publishes the answer’s text exactly and before its message, and keeps no timer once idle', async () => {
    const idleTimers = timers();
    const engine = await fx.open();
    const seen: EngineEvent[] = [];
    let done: () => void = () => {};
    const ended = new Promise<void>((resolve) => (done = resolve));
    engine.onEvent((e) => {
      seen.push(e);
      if (e.type === 'prompt_status' && e.status === 'completed') done();
    });
    const s = await engine.handlers['session.create']({ workspace: tempDir() });
    if (!s.ok) throw new Error(s.error.message);
    const p = await engine.handlers['prompt.send']({ session: s.value.id, text: 'talk to me' });
    if (!p.ok) throw new Error(p.error.message);
    await ended;
    const deltas = seen.filter((e) => e.type === 'assistant_delta');
    expect(deltas.map((e) => (e.type === 'assistant_delta' ? e.text : '')).join('')).toBe(answer);
    const message = seen.findIndex((e) => e.type === 'assistant_message');
    expect(seen.findLastIndex((e) => e.type === 'assistant_delta')).toBeLessThan(message);
    // Idle: the engine polls nothing, so it keeps no timer of its own (one set before it started may have fired).
    await new Promise((r) => setImmediate(r));
    expect(timers()).toBeLessThanOrEqual(idleTimers);
  });
});
