import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { createModelClient } from '../../main/core/model/client';
import type { ToolSpec } from '../../main/core/model/types';
import { loaded, provider, user } from './helpers';

const fx = useEngineFixture();

const tool = (name: string): ToolSpec => ({
  type: 'function',
  function: { name, description: `${name} tool`, parameters: { type: 'object', properties: {} } },
});

describe('model client streaming', () => {
  it('streams text through onDelta and returns the whole turn with usage', async () => {
    fx.server.setScript({ chunkSize: 3, rules: [{ when: 'hello', steps: [{ content: 'Hello there, friend!', usage: { prompt_tokens: 11, completion_tokens: 7 } }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const deltas: string[] = [];
    const turn = await client.complete({ messages: [user('say hello')], tools: [], signal: new AbortController().signal, onDelta: (t) => deltas.push(t) });
    expect(turn.content).toBe('Hello there, friend!');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(turn.content);
    expect(turn.toolCalls).toEqual([]);
    expect(turn.finishReason).toBe('stop');
    expect(turn.usage).toEqual({ promptTokens: 11, completionTokens: 7, totalTokens: 18 });
    expect(turn.provider).toBe('local');
    expect(turn.model).toBe('scripted-model');
  });

  it('sends stream_options, the key and the model, and omits tools when there are none', async () => {
    const client = createModelClient(loaded([provider('local', fx.server.url, { model: 'm-1', apiKey: 'sk-abc', headers: { 'x-team': 'blue' } })], { temperature: 0.2 }));
    await client.complete({ messages: [user('hi')], tools: [], signal: new AbortController().signal });
    const [req] = fx.server.requests;
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer sk-abc');
    expect(req?.headers['x-team']).toBe('blue');
    expect(req?.body).toMatchObject({ model: 'm-1', stream: true, stream_options: { include_usage: true }, temperature: 0.2 });
    expect(req?.body).not.toHaveProperty('tools');
  });

  it('accumulates several tool calls in one step, arguments streamed in pieces', async () => {
    fx.server.setScript({
      rules: [{ when: 'files', steps: [{ content: 'Reading both.', toolCalls: [
        { name: 'Read', arguments: { path: 'a.txt' } },
        { name: 'Read', arguments: { path: 'some/much/longer/path/b.txt', limit: 20 } },
        { name: 'Bash', arguments: { command: 'ls -la' } },
      ] }] }],
    });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const turn = await client.complete({ messages: [user('read the files')], tools: [tool('Read'), tool('Bash')], signal: new AbortController().signal });
    expect(turn.finishReason).toBe('tool_calls');
    expect(turn.content).toBe('Reading both.');
    expect(turn.toolCalls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ['Read', { path: 'a.txt' }],
      ['Read', { path: 'some/much/longer/path/b.txt', limit: 20 }],
      ['Bash', { command: 'ls -la' }],
    ]);
    expect(new Set(turn.toolCalls.map((c) => c.id)).size).toBe(3);
    expect(turn.toolCalls.every((c) => c.type === 'function' && c.id.startsWith('call_'))).toBe(true);
    expect(fx.server.requests[0]?.body).toMatchObject({ tools: [tool('Read'), tool('Bash')] });
  });

  it('passes malformed tool arguments through verbatim', async () => {
    const broken = '{"path": "a.txt", "content": "unterminated';
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ toolCalls: [{ name: 'Write', arguments: broken }] }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const turn = await client.complete({ messages: [user('x')], tools: [tool('Write')], signal: new AbortController().signal });
    expect(turn.toolCalls).toHaveLength(1);
    expect(turn.toolCalls[0]?.function.arguments).toBe(broken);
    expect(turn.content).toBe('');
  });

  it('sends the conversation so observations flow back ({{lastTool}})', async () => {
    fx.server.setScript({ rules: [{ when: 'ls', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { content: 'saw: {{lastTool}}' }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const signal = new AbortController().signal;
    const first = await client.complete({ messages: [user('run ls')], tools: [tool('Bash')], signal });
    const call = first.toolCalls[0];
    expect(call).toBeDefined();
    const second = await client.complete({
      messages: [user('run ls'), { role: 'assistant', content: null, tool_calls: first.toolCalls }, { role: 'tool', tool_call_id: call?.id ?? '', content: 'README.md' }],
      tools: [tool('Bash')],
      signal,
    });
    expect(second.content).toBe('saw: README.md');
  });

  it('retries once without stream_options when the server rejects it, and remembers that', async () => {
    fx.server.setScript({ rejectStreamOptions: true, rules: [] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]));
    const a = await client.complete({ messages: [user('one')], tools: [], signal: new AbortController().signal });
    const b = await client.complete({ messages: [user('two')], tools: [], signal: new AbortController().signal });
    expect(a.content).toBe('echo: one');
    expect(b.content).toBe('echo: two');
    expect(a.usage).toBeNull();
    const withOptions = fx.server.requests.filter((r) => (r.body as Record<string, unknown>).stream_options !== undefined);
    expect(withOptions).toHaveLength(1);
    expect(fx.server.requests).toHaveLength(3);
  });

  it('turns garbage from the server into a protocol error', async () => {
    fx.server.setScript({ rules: [{ when: 'x', steps: [{ fault: { type: 'garbage', times: 99 } }] }] });
    const client = createModelClient(loaded([provider('local', fx.server.url)]), { sleep: async () => {} });
    const failure = client.complete({ messages: [user('x')], tools: [], signal: new AbortController().signal });
    await expect(failure).rejects.toMatchObject({ name: 'ModelError', kind: 'protocol' });
    await expect(failure).rejects.toThrow(/provider "local" \(http:\/\/127\.0\.0\.1:\d+\/v1\): the server sent data that is not/);
    expect(fx.server.requests).toHaveLength(1);
  });
});
