import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitContext } from '../../main/core/context/compaction';
import { buildModelView } from '../../main/core/context/view';
import { toolPairingProblems } from '../../main/core/context/view-pairing';
import { REPLY_PRIMING_TOKENS } from '../../main/core/context/tokens';
import { createModelClient } from '../../main/core/model/client';
import { useEngineFixture } from '../helpers/engine-fixture';
import { loaded, provider } from '../model/helpers';
import { appendTurns, counter, openStore, SYSTEM, type Opened } from './compaction-helpers';

const fx = useEngineFixture();
let o: Opened;
beforeEach(() => {
  o = openStore();
});
// Registered after the fixture, so the store closes before the fixture removes its folder.
afterEach(() => o.store.close());

const client = () => createModelClient(loaded([provider('scripted', fx.server.url)], { maxRetries: 0 }));
const fit = (budget: { window: number; usable: number; compactAt?: number }, reason: 'auto' | 'overflow' | 'manual' = 'auto') =>
  fitContext({ store: o.store, compactions: o.compactions, client: client(), counter, budget, sessionId: o.sessionId, system: SYSTEM, signal: new AbortController().signal, reason });
const toolIds = () => o.store.transcript.list(o.sessionId).filter((m) => m.message.role === 'tool').map((m) => m.id);

describe('the model view', () => {
  it('is the fresh system prompt and every stored message after it, with their stored counts', () => {
    appendTurns(o, [{ prompt: 'read a', reads: [{ path: 'src/a.ts', chars: 400 }] }, { prompt: 'thanks' }]);
    const rows = o.store.transcript.list(o.sessionId);
    const view = buildModelView({ system: SYSTEM, messages: rows, compaction: null, counter });
    expect(view.messages[0]).toEqual({ role: 'system', content: SYSTEM });
    expect(view.messages.slice(1)).toEqual(rows.filter((r) => r.message.role !== 'system').map((r) => r.message));
    const stored = rows.filter((r) => r.message.role !== 'system').reduce((n, r) => n + (r.tokens ?? 0), 0);
    expect(view.tokens).toBe(REPLY_PRIMING_TOKENS + counter.countMessage({ role: 'system', content: SYSTEM }) + stored);
    expect(toolPairingProblems(view.messages)).toEqual([]);
  });

  it('is left alone below the threshold', async () => {
    appendTurns(o, [{ prompt: 'read a', reads: [{ path: 'src/a.ts', chars: 400 }] }]);
    const result = await fit({ window: 100_000, usable: 90_000 });
    expect(result).toMatchObject({ ok: true, value: { compacted: null } });
    expect(o.compactions.latest(o.sessionId)).toBeNull();
  });
});

describe('pruning', () => {
  it('stubs the oldest tool outputs first and keeps the most recent turn whole, without asking for a summary', async () => {
    appendTurns(o, [0, 1, 2, 3].map((i) => ({ prompt: `read file ${i}`, reads: [{ path: `src/f${i}.ts`, chars: 3000 }] })));
    const before = buildModelView({ system: SYSTEM, messages: o.store.transcript.list(o.sessionId), compaction: null, counter }).tokens;
    const usable = Math.ceil(before * 0.9);
    const result = await fit({ window: usable * 2, usable });
    if (!result.ok) throw new Error(result.error.message);
    const compacted = result.value.compacted;
    expect(compacted).not.toBeNull();
    expect(compacted?.summary).toBeNull();
    expect(compacted?.summaryError).toBeNull();
    expect(fx.server.requests).toHaveLength(0);
    const tools = toolIds();
    // The three older turns' outputs are stubs, the last turn's output is whole.
    expect(compacted?.record.prunedIds).toEqual(tools.slice(0, 3));
    expect(compacted?.prunedToolOutputs).toBe(3);
    expect(compacted?.tokensBefore).toBe(before);
    expect(compacted?.tokensAfter).toBe(result.value.view.tokens);
    expect(compacted?.tokensAfter).toBeLessThan(usable * 0.6);
    const messages = result.value.view.messages;
    const toolMessages = messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.content)).toEqual([
      '[output pruned: Read {"path":"src/f0.ts"} — 3,000 characters]',
      '[output pruned: Read {"path":"src/f1.ts"} — 3,000 characters]',
      '[output pruned: Read {"path":"src/f2.ts"} — 3,000 characters]',
      expect.stringMatching(/^src\/f3\.ts_/),
    ]);
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['read file 0', 'read file 1', 'read file 2', 'read file 3']);
    expect(toolPairingProblems(messages)).toEqual([]);
    // The full transcript is untouched.
    expect(o.store.transcript.list(o.sessionId).filter((m) => m.message.role === 'tool').every((m) => (m.message.content as string).length === 3000)).toBe(true);
  });

  it('prunes the outputs of a long current turn oldest first when the turn alone does not fit', async () => {
    appendTurns(o, [{ prompt: 'read everything', reads: [0, 1, 2, 3, 4, 5].map((i) => ({ path: `src/r${i}.ts`, chars: 3000 })) }]);
    const before = buildModelView({ system: SYSTEM, messages: o.store.transcript.list(o.sessionId), compaction: null, counter }).tokens;
    const usable = Math.ceil(before * 0.7);
    const result = await fit({ window: usable * 2, usable });
    if (!result.ok) throw new Error(result.error.message);
    const pruned = result.value.compacted?.record.prunedIds ?? [];
    const tools = toolIds();
    expect(pruned.length).toBeGreaterThan(0);
    expect(pruned.length).toBeLessThan(tools.length);
    expect(pruned).toEqual(tools.slice(0, pruned.length));
    expect(result.value.view.tokens).toBeLessThanOrEqual(usable);
    expect(toolPairingProblems(result.value.view.messages)).toEqual([]);
    expect(fx.server.requests).toHaveLength(0);
  });

  it('refuses with a clear error when one single message is larger than the usable window', async () => {
    appendTurns(o, [{ prompt: 'hello' }, { prompt: `please look at this log:\n${'x1 y2 z3 '.repeat(3000)}` }]);
    const result = await fit({ window: 4000, usable: 2000 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const prompt = o.store.prompts.list(o.sessionId)[1];
    expect(result.error).toMatchObject({ kind: 'context_too_large', role: 'user', promptId: prompt?.id, usable: 2000 });
    expect(result.error.tokens).toBeGreaterThan(2000);
    expect(result.error.message).toMatch(new RegExp(`^the prompt ${prompt?.id} \\(message \\d+\\) is ${result.error.tokens} tokens`));
    expect(o.compactions.latest(o.sessionId)).toBeNull();
  });
});

describe('tool pairing checker', () => {
  const call = (id: string) => ({ id, type: 'function' as const, function: { name: 'Read', arguments: '{}' } });
  it('accepts answered calls and names every kind of break', () => {
    expect(toolPairingProblems([
      { role: 'system', content: 's' },
      { role: 'user', content: 'u' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'b', content: '1' },
      { role: 'tool', tool_call_id: 'a', content: '2' },
      { role: 'assistant', content: 'ok' },
    ])).toEqual([]);
    expect(toolPairingProblems([{ role: 'user', content: 'u' }, { role: 'tool', tool_call_id: 'a', content: '1' }])).toEqual([
      'tool message 1 (a) does not follow an assistant tool call',
    ]);
    expect(toolPairingProblems([
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: '1' },
      { role: 'tool', tool_call_id: 'a', content: '1' },
      { role: 'tool', tool_call_id: 'c', content: '1' },
      { role: 'user', content: 'u' },
    ])).toEqual([
      'tool message 2 answers a a second time',
      'tool message 3 answers c, which the assistant message before it did not call',
      'call b has no tool message before message 4',
    ]);
  });
});
