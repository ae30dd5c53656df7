import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contextBudget } from '../../main/core/context/budget';
import { fitContext } from '../../main/core/context/compaction';
import { toolPairingProblems } from '../../main/core/context/view-pairing';
import { createModelClient } from '../../main/core/model/client';
import { ModelError, type ChatMessage, type ToolSpec } from '../../main/core/model/types';
import type { Script } from '../fixtures/model-server';
import { useEngineFixture } from '../helpers/engine-fixture';
import { promptAt, testStoreOf } from '../helpers/prompt-moves';
import { requestTokens, type OverflowWording } from '../fixtures/model-overflow';
import { loaded, provider } from '../model/helpers';
import { counter, fileText, openStore, SYSTEM, type Opened } from './compaction-helpers';

const WINDOW = 6000;
const FIRST = 'ZEBRA-17: keep the public API stable. Turn 1: read src/big.ts';
const tools: ToolSpec[] = [
  { type: 'function', function: { name: 'Read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } } },
];

const script: Script = {
  contextWindow: WINDOW,
  rules: [
    { when: 'Write the summary now', steps: [{ content: '## Goal\nread big files\n## Decisions and why\nnone\n## Files read and changed\nsrc/big.ts\n## Commands run and their outcome\nnone\n## Open tasks\nnone\n## Unresolved errors\nnone' }] },
    { when: { regex: 'Turn \\d+' }, steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'src/big.ts' } }] }, { content: 'read it' }] },
  ],
};

const fx = useEngineFixture({ script });
let o: Opened;
beforeEach(() => {
  o = openStore();
});
// Registered after the fixture, so the store closes before the fixture removes its folder.
afterEach(() => o.store.close());

describe('a long session against a model with a small context window', () => {
  const cases: { name: string; window: number; wording: OverflowWording; refusals: 'none' | 'some' }[] = [
    { name: 'the right window', window: WINDOW, wording: 'openai', refusals: 'none' },
    { name: 'a window set too large (OpenAI refusals)', window: WINDOW * 3, wording: 'openai', refusals: 'some' },
    { name: 'a window set too large (LM Studio refusals)', window: WINDOW * 3, wording: 'lmstudio', refusals: 'some' },
    { name: 'a window set too large (Ollama refusals, no numbers)', window: WINDOW * 2, wording: 'ollama', refusals: 'some' },
  ];
  for (const c of cases) it(`completes 15 turns of large file reads, compacting, with the first prompt still in view at the end: ${c.name}`, async () => {
    fx.server.setScript({ ...script, overflowWording: c.wording });
    const client = createModelClient(loaded([provider('scripted', fx.server.url)], { maxRetries: 0 }));
    const budget = contextBudget({
      window: { tokens: c.window, source: 'config' },
      maxOutputTokens: 500,
      margin: counter.margin,
      toolSpecTokens: counter.countTools(tools),
      threshold: 0.8,
    });
    const { store, compactions, sessionId } = o;
    const signal = new AbortController().signal;
    const sent: ChatMessage[][] = [];
    let overflows = 0;
    const answers: string[] = [];

    for (let turn = 1; turn <= 15; turn++) {
      const text = turn === 1 ? FIRST : `Turn ${turn}: read src/big.ts again and compare`;
      const prompt = promptAt(testStoreOf(store), sessionId, text);
      const append = (m: ChatMessage): void => void store.transcript.append(sessionId, prompt.id, m, counter.countMessage(m));
      append({ role: 'user', content: text });
      for (let step = 0; step < 5; step++) {
        let fitted = await fitContext({ store, compactions, client, counter, budget, sessionId, system: SYSTEM, signal, reason: 'auto' });
        if (!fitted.ok) throw new Error(fitted.error.message);
        let reply;
        try {
          sent.push(fitted.value.view.messages);
          reply = await client.complete({ messages: fitted.value.view.messages, tools, signal });
        } catch (e) {
          if (!(e instanceof ModelError) || e.kind !== 'context_overflow') throw e;
          overflows++;
          fitted = await fitContext({ store, compactions, client, counter, budget, sessionId, system: SYSTEM, signal, reason: 'overflow', refused: e.overflow });
          if (!fitted.ok) throw new Error(fitted.error.message);
          sent.push(fitted.value.view.messages);
          reply = await client.complete({ messages: fitted.value.view.messages, tools, signal });
        }
        if (reply.toolCalls.length === 0) {
          append({ role: 'assistant', content: reply.content });
          answers.push(reply.content);
          break;
        }
        append({ role: 'assistant', content: reply.content || null, tool_calls: reply.toolCalls });
        for (const call of reply.toolCalls) append({ role: 'tool', tool_call_id: call.id, content: fileText(`src/big${turn}.ts`, 6000) });
      }
    }

    expect(answers).toEqual(Array.from({ length: 15 }, () => 'read it'));
    if (c.refusals === 'none') expect(overflows).toBe(0);
    else expect(overflows).toBeGreaterThan(0);
    expect(compactions.list(sessionId).filter((r) => r.reason === 'overflow')).toHaveLength(overflows);
    const records = compactions.list(sessionId);
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records.some((r) => r.summary !== null)).toBe(true);
    // Every request the server answered was within its window, and every view was a valid transcript.
    const turnRequests = fx.server.requests.filter((r) => JSON.stringify(r.body).includes('"tools"'));
    const bodies = turnRequests.map((r) => r.body as { messages: ChatMessage[]; tools: unknown });
    expect(bodies.filter((b) => requestTokens(b.messages, b.tools) > WINDOW)).toHaveLength(overflows);
    for (const messages of sent) expect(toolPairingProblems(messages)).toEqual([]);
    // The output the model is about to read is never the one pruned.
    for (const messages of sent) {
      const lastMessage = messages.at(-1);
      if (lastMessage?.role === 'tool') expect(lastMessage.content).not.toMatch(/^\[output pruned/);
    }
    // The last request still carries the first prompt's words and the project instructions.
    const last = sent.at(-1) as ChatMessage[];
    expect(last[0]).toEqual({ role: 'system', content: SYSTEM });
    expect(last.some((m) => typeof m.content === 'string' && m.content.includes('ZEBRA-17: keep the public API stable'))).toBe(true);
    // The store keeps every prompt and every full output.
    const rows = store.transcript.list(sessionId);
    expect(rows.filter((m) => m.message.role === 'user')).toHaveLength(15);
    expect(rows.filter((m) => m.message.role === 'tool').every((m) => (m.message.content as string).length === 6000)).toBe(true);
  });
});
