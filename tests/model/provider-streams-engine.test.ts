// Recorded provider streams replayed through the whole engine: the answer the turn completes with, the reasoning
// streamed as its own event and stored with the answer, tool calls run by their recorded ids, and no reasoning in
// what the scripted server receives next.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import type { EngineEvent, EventOf } from '../../shared/events';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { STREAM_CASES, streamPath, type StreamCase } from './stream-corpus';

const fx = useEngineFixture();

const corpus = (file: string): StreamCase => {
  const c = STREAM_CASES.find((x) => x.file === file);
  if (!c) throw new Error(`no stream case ${file}`);
  return c;
};

/** Runs one prompt to its end and returns what it published and what it stored. */
async function runPrompt(e: Engine, session: string, text: string) {
  const live = recordEvents(e);
  const p = unwrap(await e.handlers['prompt.send']({ session, text }));
  const status = await settled(e, p.id);
  const stored = unwrap(await e.handlers['session.events']({ session })).filter((x) => x.promptId === p.id);
  return { status, live: live.filter((x) => x.promptId === p.id), stored };
}

const ofType = <T extends EngineEvent['type']>(events: readonly EngineEvent[], type: T): EventOf<T>[] =>
  events.filter((x): x is EventOf<T> => x.type === type);

describe('recorded provider streams through the engine', () => {
  it.each([['mistral-thinking-array-content.sse'], ['deepseek-reasoner.sse'], ['groq-reasoning-x-groq-usage.sse']])(
    '%s: the answer completes the turn, the reasoning streams apart and is never sent back',
    async (file) => {
      const c = corpus(file);
      fx.server.setScript({
        rules: [
          { when: 'first', steps: [{ replay: streamPath(file) }] },
          { when: 'second', steps: [{ replay: streamPath('openai-text.sse') }] },
        ],
      });
      const e = await fx.open();
      const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
      const first = await runPrompt(e, s.id, 'first question');
      expect(first.status).toBe('completed');
      expect(ofType(first.live, 'turn_completed')[0]?.content).toBe(c.content);
      expect(ofType(first.live, 'assistant_delta').map((x) => x.text).join('')).toBe(c.content);
      expect(ofType(first.live, 'reasoning_delta').map((x) => x.text).join('')).toBe(c.reasoning);
      // Stored with the answer, not as a stream of deltas.
      expect(ofType(first.stored, 'reasoning_delta')).toEqual([]);
      expect(ofType(first.stored, 'assistant_message').map((x) => [x.content, x.reasoning])).toEqual([[c.content, c.reasoning]]);
      const usage = ofType(first.stored, 'usage')[0];
      expect(usage && [usage.promptTokens, usage.completionTokens, usage.totalTokens]).toEqual([c.usage?.promptTokens, c.usage?.completionTokens, c.usage?.totalTokens]);

      const second = await runPrompt(e, s.id, 'second question');
      expect(second.status).toBe('completed');
      const [, next] = chatBodies(fx.server);
      const answer = next?.messages.find((m) => m.role === 'assistant');
      expect(answer).toEqual({ role: 'assistant', content: c.content });
      expect(JSON.stringify(next?.messages)).not.toMatch(/"reasoning/);
      expect(JSON.stringify(next?.messages)).not.toContain(c.reasoning);
    },
  );

  it.each([
    ['qwen-thinking-tool-calls.sse', 'qwen-thinking-answer.sse'],
    ['anthropic-openai-compat-tool-calls.sse', 'anthropic-openai-compat-text.sse'],
    ['mistral-tool-calls-no-index.sse', 'openai-text.sse'],
  ])('%s: parallel tool calls run under their recorded ids, then %s answers', async (callsFile, answerFile) => {
    const calls = corpus(callsFile);
    const answer = corpus(answerFile);
    fx.server.setScript({ rules: [{ when: 'read both', steps: [{ replay: streamPath(callsFile) }, { replay: streamPath(answerFile) }] }] });
    const ws = tempDir();
    writeFileSync(join(ws, 'a.txt'), 'hello a\n');
    writeFileSync(join(ws, 'b.txt'), 'hello b\n');
    const e = await fx.open();
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));
    const run = await runPrompt(e, s.id, 'read both files');
    expect(run.status).toBe('completed');
    expect(ofType(run.live, 'turn_completed')[0]?.content).toBe(answer.content);

    const ids = calls.toolCalls.map((t) => t.id);
    const results = ofType(run.stored, 'tool_result');
    expect(results.map((r) => [r.callId, r.tool, r.ok])).toEqual(ids.map((id) => [id, 'Read', true]));
    expect(results.map((r) => r.output ?? '').join('|')).toMatch(/hello a.*\|.*hello b/s);
    const messages = ofType(run.stored, 'assistant_message');
    expect(messages.map((m) => [m.content, m.toolCalls.map((t) => t.id), m.reasoning ?? ''])).toEqual([
      [calls.content, ids, calls.reasoning],
      [answer.content, [], answer.reasoning],
    ]);

    // The second request carries the calls and their results, and no reasoning.
    const [, next] = chatBodies(fx.server);
    const sent = next?.messages ?? [];
    const assistant = sent.find((m) => m.role === 'assistant') as { tool_calls?: { id: string; function: { name: string; arguments: string } }[] } | undefined;
    expect(assistant?.tool_calls?.map((t) => [t.id, t.function.name, t.function.arguments])).toEqual(calls.toolCalls.map((t) => [t.id, t.name, t.arguments]));
    expect(sent.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(ids);
    expect(JSON.stringify(sent)).not.toMatch(/"reasoning/);
    if (calls.reasoning) expect(JSON.stringify(sent)).not.toContain(calls.reasoning);
  });
});
