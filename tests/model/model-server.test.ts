// Tests of the scripted server itself: every other suite relies on it behaving as documented.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it, vi } from 'vitest';
import OpenAI from 'openai';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture();

type Msg = OpenAI.Chat.Completions.ChatCompletionMessageParam;
const sdk = () => new OpenAI({ baseURL: fx.server.url, apiKey: 'k', maxRetries: 0, logLevel: 'off' });
async function reply(messages: Msg[]): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  return sdk().chat.completions.create({ model: 'm', messages });
}
const post = (body: string, path = '/chat/completions') =>
  fetch(`${fx.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('scripted model server', () => {
  it('matches the first rule against the last user message and indexes steps by assistant messages since', async () => {
    fx.server.setScript({
      rules: [
        { when: { regex: '^deploy\\b' }, steps: [{ content: 'regex rule' }] },
        { when: 'plan', steps: [{ content: 'step 0 for {{turn}}' }, { content: 'step 1' }] },
        { when: 'plan', steps: [{ content: 'never: a later rule' }] },
      ],
    });
    const text = async (m: Msg[]) => (await reply(m)).choices[0]?.message.content;
    expect(await text([{ role: 'user', content: 'make a plan' }])).toBe('step 0 for make a plan');
    const afterOne: Msg[] = [{ role: 'user', content: 'make a plan' }, { role: 'assistant', content: 'x' }];
    expect(await text(afterOne)).toBe('step 1');
    expect(await text([...afterOne, { role: 'assistant', content: 'y' }])).toBe('done');
    // A new user message restarts the step count, and matching uses only the last user message.
    expect(await text([...afterOne, { role: 'user', content: 'plan again' }])).toBe('step 0 for plan again');
    expect(await text([{ role: 'user', content: 'deploy now' }])).toBe('regex rule');
    expect(await text([{ role: 'user', content: 'we deploy' }])).toBe('echo: we deploy');
  });

  it('replaces {{lastTool}} with the last tool message', async () => {
    fx.server.setScript({ rules: [{ when: 'go', steps: [{ toolCalls: [{ name: 'Read', arguments: '{}' }] }, { content: 'result was [{{lastTool}}]' }] }] });
    const first = await reply([{ role: 'user', content: 'go' }]);
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && call.function).toEqual({ name: 'Read', arguments: '{}' });
    const second = await reply([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: call?.id ?? '', type: 'function', function: { name: 'Read', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: call?.id ?? '', content: 'file body' },
    ]);
    expect(second.choices[0]?.message.content).toBe('result was [file body]');
  });

  it('reports scripted usage, or estimates it from characters', async () => {
    fx.server.setScript({ rules: [{ when: 'u', steps: [{ content: 'x', usage: { prompt_tokens: 5, completion_tokens: 9 } }] }] });
    expect((await reply([{ role: 'user', content: 'u' }])).usage).toEqual({ prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 });
    const estimated = await reply([{ role: 'user', content: '12345678' }]);
    expect(estimated.choices[0]?.message.content).toBe('echo: 12345678');
    expect(estimated.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 4 });
  });

  it('faults `times` times per conversation position, then serves the step', async () => {
    fx.server.setScript({ rules: [{ when: 'f', steps: [{ content: 'finally', fault: { type: '500', times: 2 } }] }] });
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'f' }] });
    const other = JSON.stringify({ model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'f' }] });
    expect((await post(body)).status).toBe(500);
    expect((await post(other)).status).toBe(500); // a different conversation has its own count
    expect((await post(body)).status).toBe(500);
    const ok = await post(body);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ choices: [{ message: { content: 'finally' } }] });
  });

  it('sends Retry-After with a scripted 429', async () => {
    fx.server.setScript({ rules: [{ when: 'r', steps: [{ fault: { type: '429', retryAfter: 3 } }] }] });
    const res = await post(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'r' }] }));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toMatchObject({ error: { type: 'rate_limit_error' } });
  });

  it('streams in the OpenAI chunk shape, with a usage chunk only when asked', async () => {
    fx.server.setScript({ rules: [{ when: 's', steps: [{ content: 'abcdef', toolCalls: [{ name: 'T', arguments: { a: 1 } }] }] }] });
    const read = async (includeUsage: boolean) => {
      const stream = await sdk().chat.completions.create({
        model: 'm', stream: true, messages: [{ role: 'user', content: 's' }],
        ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
      });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      return chunks;
    };
    const withUsage = await read(true);
    expect(withUsage.at(-1)).toMatchObject({ object: 'chat.completion.chunk', choices: [], usage: { total_tokens: expect.any(Number) } });
    expect(withUsage.at(-2)?.choices[0]?.finish_reason).toBe('tool_calls');
    const toolDeltas = withUsage.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
    expect(toolDeltas[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), function: { name: 'T' } });
    expect(toolDeltas.map((d) => d.function?.arguments ?? '').join('')).toBe('{"a":1}');
    const without = await read(false);
    expect(without.some((c) => c.usage)).toBe(false);
  });

  it('tracks concurrent in-flight requests', async () => {
    fx.server.setScript({ rules: [{ when: '', steps: [{ content: 'ok', gate: 'all' }] }] });
    const client = sdk();
    const three = Promise.all([1, 2, 3].map((n) => client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: `p${n}` }] })));
    await fx.server.reached('all', 3);
    expect(fx.server.activeStreams()).toBe(3);
    fx.server.openGate('all');
    await three;
    expect(fx.server.maxConcurrentStreams).toBe(3);
    expect(fx.server.activeStreams()).toBe(0);
    await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'alone' }] });
    expect(fx.server.maxConcurrentStreams).toBe(3);
  });

  it('holds a gated answer before its first byte until the gate opens, and counts arrivals', async () => {
    fx.server.setScript({ rules: [{ when: 'held', steps: [{ content: 'let through', gate: 'g' }] }, { when: 'free', steps: [{ content: 'not gated' }] }] });
    let answered = false;
    const held = reply([{ role: 'user', content: 'held' }]).then((r) => {
      answered = true;
      return r.choices[0]?.message.content;
    });
    await fx.server.reached('g');
    // An ungated request passes while the gated one waits; its answer is a barrier for the check below.
    expect((await reply([{ role: 'user', content: 'free' }])).choices[0]?.message.content).toBe('not gated');
    expect(answered).toBe(false);
    const second = reply([{ role: 'user', content: 'held' }]);
    await fx.server.reached('g', 2);
    fx.server.openGate('g');
    expect(await held).toBe('let through');
    expect((await second).choices[0]?.message.content).toBe('let through');
    // Open stays open: a later arrival passes at once.
    expect((await reply([{ role: 'user', content: 'held' }])).choices[0]?.message.content).toBe('let through');
  });

  it('holds a stream after gateAfterChunks content chunks, so the client sees a partial answer first', async () => {
    fx.server.setScript({ chunkSize: 2, rules: [{ when: 's', steps: [{ content: 'aabbccdd', gate: 'mid', gateAfterChunks: 2 }] }] });
    const stream = await sdk().chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 's' }] });
    const text: string[] = [];
    for await (const c of stream) {
      const piece = c.choices[0]?.delta.content;
      if (!piece) continue;
      text.push(piece);
      if (text.length === 2) {
        // The request reaches the gate only once two chunks are out; the rest waits for the test.
        await fx.server.reached('mid');
        fx.server.openGate('mid');
      }
    }
    expect(text).toEqual(['aa', 'bb', 'cc', 'dd']);
  });

  it('ends an answer held at a gate when its client goes away, and refuses gateAfterChunks without a gate', async () => {
    fx.server.setScript({ rules: [{ when: '', steps: [{ content: 'never', gate: 'shut' }] }] });
    const controller = new AbortController();
    const pending = sdk().chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal }).catch((e: unknown) => e);
    await fx.server.reached('shut');
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(fx.server.activeStreams()).toBe(0));
    expect(() => fx.server.setScript({ rules: [{ when: '', steps: [{ content: 'x', gateAfterChunks: 1 }] }] })).toThrow(/gateAfterChunks needs a gate name/);
  });

  it('lists models, answers 404 for unknown paths and 400 for invalid JSON, and records requests', async () => {
    const models = await (await fetch(`${fx.server.url}/models`)).json();
    expect(models).toEqual({ object: 'list', data: [{ id: 'scripted-model', object: 'model', created: 0, owned_by: 'paragents-fixture' }] });
    const missing = await post('{}', '/embeddings');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: expect.stringContaining('/v1/embeddings'), type: 'invalid_request_error' } });
    expect((await post('{not json')).status).toBe(400);
    expect(fx.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/embeddings', 'POST /v1/chat/completions']);
  });

  it('close() ends hung requests', async () => {
    fx.server.setScript({ rules: [{ when: '', steps: [{ fault: { type: 'hang' } }] }] });
    const pending = post(JSON.stringify({ messages: [{ role: 'user', content: 'h' }] })).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fx.server.activeStreams()).toBe(1));
    await fx.server.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('model server CLI', () => {
  it('prints one MODEL_SERVER_URL line, serves the script file and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['bin/run-ts.js', 'tests/fixtures/model-server-cli.ts', '--script', 'tests/fixtures/scripts/demo.json', '--latency', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const first = await new Promise<string>((resolve) => lines.once('line', resolve));
      const url = /^MODEL_SERVER_URL=(http:\/\/127\.0\.0\.1:\d+\/v1)$/.exec(first)?.[1];
      expect(url).toBeDefined();
      const client = new OpenAI({ baseURL: url, apiKey: 'k', maxRetries: 0 });
      const answer = await client.chat.completions.create({ model: 'demo', messages: [{ role: 'user', content: 'Write a file' }] });
      expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'Write' } });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
