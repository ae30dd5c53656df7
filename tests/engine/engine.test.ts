import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeHome, tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { pidWritten } from '../helpers/wait-file';

const fx = useEngineFixture();

describe('agent loop', () => {
  it('runs a multi-step turn with tool calls and persists every event before publishing it', async () => {
    fx.server.setScript({
      rules: [
        {
          when: 'make notes',
          steps: [
            { content: 'Writing two files.', toolCalls: [
              { name: 'Write', arguments: { path: 'a.txt', content: 'alpha\n' } },
              { name: 'Write', arguments: { path: 'b.txt', content: 'beta\n' } },
            ] },
            { toolCalls: [{ name: 'Read', arguments: { path: 'a.txt' } }] },
            { content: 'Read back: {{lastTool}}' },
          ],
        },
      ],
    });
    const engine = await fx.open();
    const ws = tempDir();
    const live = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'notes' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.ref, text: 'please make notes' }));
    expect(await settled(engine, p.id)).toBe('completed');

    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('alpha\n');
    expect(readFileSync(join(ws, 'b.txt'), 'utf8')).toBe('beta\n');
    const done = live.find((e) => e.type === 'turn_completed');
    expect(done && done.type === 'turn_completed' && done.content).toContain('alpha');

    // Every published (non-streaming) event is in the store, in the same order, with the same seq.
    const stored = unwrap(await engine.handlers['session.events']({ session: s.id }));
    const published = live.filter((e) => e.type !== 'assistant_delta');
    expect(stored.map((e) => [e.seq, e.type])).toEqual(published.map((e) => [e.seq, e.type]));
    expect(stored.map((e) => e.type)).toEqual(expect.arrayContaining(['session_created', 'prompt_queued', 'turn_started', 'tool_call', 'tool_result', 'usage', 'turn_completed']));
    const toolResults = stored.filter((e) => e.type === 'tool_result');
    expect(toolResults).toHaveLength(3);
    const summary = unwrap(await engine.handlers['session.get']({ session: 'notes' }));
    expect(summary.usage.totalTokens).toBeGreaterThan(0);
    expect(summary.prompts[0]?.usage.totalTokens).toBe(summary.usage.totalTokens);
  });

  it('sends garbage from the model back as a tool error and carries on', async () => {
    fx.server.setScript({
      rules: [
        {
          when: 'garbage',
          steps: [
            { toolCalls: [{ name: 'Write', arguments: '{"path": "x.txt", "content": ' }] },
            { toolCalls: [{ name: 'Teleport', arguments: {} }] },
            { toolCalls: [{ name: 'Edit', arguments: { path: 'missing.txt', old_string: 'a', new_string: 'b' } }] },
            { content: 'recovered: {{lastTool}}' },
          ],
        },
      ],
    });
    const engine = await fx.open();
    const ws = tempDir();
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'garbage please' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const errors = log.flatMap((e) => (e.type === 'tool_result' && !e.ok ? [e.error ?? ''] : []));
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(/JSON/i);
    expect(errors[1]).toMatch(/Teleport/);
    expect(errors[1]).toMatch(/Read/);
    expect(errors[2]).toMatch(/missing\.txt/);
    // The model saw each error as a tool message.
    const last = chatBodies<{ role: string; content: string }>(fx.server).at(-1);
    expect(last?.messages.filter((m) => m.role === 'tool').map((m) => m.content).every((c) => c.startsWith('Error:'))).toBe(true);
  });

  it('fails the turn with a clear error when the step limit is hit', async () => {
    fx.server.setScript({
      rules: [{ when: 'loop', steps: Array.from({ length: 10 }, () => ({ toolCalls: [{ name: 'LS', arguments: {} }] })) }],
    });
    const engine = await fx.open({ home: fx.home({ maxSteps: 3 }) });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const failed = nextEvent(engine, 'turn_failed');
    unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'loop forever' }));
    expect((await failed).error).toMatch(/Max steps exceeded.*limit 3/);
  });

  it('retries a 429 from the model and says so in the event stream', async () => {
    fx.server.setScript({ rules: [{ when: 'busy', steps: [{ content: 'fine now', fault: { type: '429', retryAfter: 0 } }] }] });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'busy server' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(log.some((e) => e.type === 'model_retry')).toBe(true);
  });

  it('fails with an error naming the provider when the endpoint is unreachable', async () => {
    const home = makeHome('http://127.0.0.1:9/v1', { maxRetries: 0 });
    const engine = await fx.open({ home });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const failed = nextEvent(engine, 'turn_failed');
    unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'hello' }));
    expect((await failed).error).toMatch(/scripted.*127\.0\.0\.1:9/);
  });
});

describe('scheduler', () => {
  it('never runs more sessions at once than the limit, and serves every session', async () => {
    fx.server.setScript({ rules: [{ when: 'job', steps: [{ content: 'ok', gate: 'jobs' }] }] });
    const engine = await fx.open({ home: fx.home({ concurrency: 2 }) });
    const prompts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
      prompts.push(unwrap(await engine.handlers['prompt.send']({ session: s.id, text: `job ${i}` })).id);
    }
    // Two answers wait at the gate, filling both slots; the other four prompts wait for a slot.
    await fx.server.reached('jobs', 2);
    expect(fx.server.activeStreams()).toBe(2);
    expect(engine.stats().slotsInUse).toBe(2);
    fx.server.openGate('jobs');
    const results = await Promise.all(prompts.map((id) => settled(engine, id)));
    expect(results).toEqual(Array(6).fill('completed'));
    expect(fx.server.maxConcurrentStreams).toBeLessThanOrEqual(2);
    expect(fx.server.maxConcurrentStreams).toBe(2);
    expect(engine.stats().peakSlotsInUse).toBe(2);
  });

  it('queues prompts sent to a busy session and runs them in order', async () => {
    fx.server.setScript({ rules: [{ when: 'first', steps: [{ content: 'ok', gate: 'first' }] }] });
    const engine = await fx.open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const ids: string[] = [];
    for (const t of ['first', 'second', 'third']) ids.push(unwrap(await engine.handlers['prompt.send']({ session: s.id, text: t })).id);
    // The first answer waits at the gate, so the session is busy and the other two are queued behind it.
    await fx.server.reached('first');
    const detail = unwrap(await engine.handlers['session.get']({ session: s.id }));
    expect(ids.map((id) => detail.prompts.find((p) => p.id === id)?.status)).toEqual(['running', 'queued', 'queued']);
    fx.server.openGate('first');
    for (const id of ids) expect(await settled(engine, id)).toBe('completed');
    const lastUser = chatBodies<{ role: string; content: string }>(fx.server).map((b) => b.messages.filter((m) => m.role === 'user').at(-1)?.content);
    expect(lastUser).toEqual(['first', 'second', 'third']);
  });

  it('cancels a turn mid-stream promptly, and the session takes the next prompt', async () => {
    // The answer stops after its first chunk at a gate that is never opened: the cancel always lands mid-stream.
    fx.server.setScript({ rules: [{ when: 'slow', steps: [{ content: 'x'.repeat(400), gate: 'mid-stream', gateAfterChunks: 1 }] }] });
    const engine = await fx.open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const delta = nextEvent(engine, 'assistant_delta');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'slow answer' }));
    await delta;
    unwrap(await engine.handlers['prompt.cancel']({ prompt: p.ref }));
    expect(await settled(engine, p.id, 5000)).toBe('cancelled');
    const next = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'quick one' }));
    expect(await settled(engine, next.id)).toBe('completed');
  });

  it('cancels a turn mid-tool and kills the command', async () => {
    const ws = tempDir();
    fx.server.setScript({ rules: [{ when: 'sleepy', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo $$ > pid.txt; sleep 60' } }] }] }] });
    const engine = await fx.open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'sleepy tool' }));
    const pid = await pidWritten(join(ws, 'pid.txt'));
    unwrap(await engine.handlers['prompt.cancel']({ prompt: p.id }));
    expect(await settled(engine, p.id, 10_000)).toBe('cancelled');
    expect(() => process.kill(pid, 0)).toThrow();
    // The transcript stays valid for the next turn: the cancelled call got a tool message.
    const next = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'after' }));
    expect(await settled(engine, next.id)).toBe('completed');
  });

  it('resolves sessions by id, ref, name and unique prefix, and reports ambiguity', async () => {
    const engine = await fx.open();
    const a = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'alpha' }));
    expect(unwrap(await engine.handlers['session.get']({ session: a.ref.slice(0, 4) })).id).toBe(a.id);
    expect(unwrap(await engine.handlers['session.get']({ session: 'alpha' })).id).toBe(a.id);
    expect(unwrap(await engine.handlers['session.get']({ session: a.id })).id).toBe(a.id);
    const missing = await engine.handlers['session.get']({ session: 'zzzzzz' });
    expect(missing.ok).toBe(false);
    const badWs = await engine.handlers['session.create']({ workspace: join(tempDir(), 'nope') });
    expect(!badWs.ok && badWs.error.message).toMatch(/does not exist: .*nope/);
  });
});

describe('approvals and memory', () => {
  it('pauses on needs_approval, resumes on allow, and sends a denial back to the model', async () => {
    const ws = tempDir();
    fx.server.setScript({
      rules: [
        { when: 'allowed write', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'ok.txt', content: 'yes' } }] }, { content: 'wrote it' }] },
        { when: 'denied write', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'no.txt', content: 'no' } }] }, { content: 'model saw: {{lastTool}}' }] },
      ],
    });
    const engine = await fx.open({ approvals: 'ask' });
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    let asked = nextEvent(engine, 'approval_requested');
    const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'allowed write' }));
    let req = await asked;
    expect(unwrap(await engine.handlers['session.get']({ session: s.id })).status).toBe('waiting_approval');
    expect(existsSync(join(ws, 'ok.txt'))).toBe(false);
    unwrap(await engine.handlers['approval.answer']({ approval: req.approvalRef, answer: { kind: 'allow_once' } }));
    expect(await settled(engine, p1.id)).toBe('completed');
    expect(readFileSync(join(ws, 'ok.txt'), 'utf8')).toBe('yes');

    asked = nextEvent(engine, 'approval_requested');
    const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'denied write' }));
    req = await asked;
    const done = nextEvent(engine, 'turn_completed', (e) => e.promptId === p2.id);
    unwrap(await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'deny', message: 'not that file' } }));
    expect((await done).content).toMatch(/denied.*not that file/);
    expect(existsSync(join(ws, 'no.txt'))).toBe(false);
    const again = await engine.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'allow_once' } });
    expect(!again.ok && again.error.kind).toBe('invalid_state');
  });

  it('keeps a pending approval across a restart and finishes the turn after it is answered', async () => {
    const ws = tempDir();
    fx.server.setScript({ rules: [{ when: 'persist me', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'later.txt', content: 'after restart' } }] }, { content: 'finished' }] }] });
    const home = fx.home();
    const first = await fx.open({ home, approvals: 'ask' });
    const s = unwrap(await first.handlers['session.create']({ workspace: ws }));
    const asked = nextEvent(first, 'approval_requested');
    const p = unwrap(await first.handlers['prompt.send']({ session: s.id, text: 'persist me' }));
    await asked;
    await fx.close(first);

    const engine = await fx.open({ home, approvals: 'ask' });
    const pending = unwrap(await engine.handlers['approval.list']({})).filter((a) => a.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]?.input).toEqual({ path: 'later.txt', content: 'after restart' });
    unwrap(await engine.handlers['approval.answer']({ approval: pending[0]?.ref ?? '', answer: { kind: 'allow_once' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(readFileSync(join(ws, 'later.txt'), 'utf8')).toBe('after restart');
  });

  it('rebuilds exactly the context the model had when a session continues in a new engine', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'fact.txt'), 'the answer is 42\n');
    fx.server.setScript({ rules: [{ when: 'remember', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'fact.txt' } }] }, { content: 'noted: {{lastTool}}' }] }] });
    const home = fx.home();
    const first = await fx.open({ home });
    unwrap(await first.handlers['session.create']({ workspace: ws, name: 'mem' }));
    const p1 = unwrap(await first.handlers['prompt.send']({ session: 'mem', text: 'remember the fact' }));
    expect(await settled(first, p1.id)).toBe('completed');
    await fx.close(first);
    const before = chatBodies(fx.server).at(-1) as { messages: unknown[] };

    const engine = await fx.open({ home });
    const p2 = unwrap(await engine.handlers['prompt.send']({ session: 'mem', text: 'what was it?' }));
    expect(await settled(engine, p2.id)).toBe('completed');
    const after = chatBodies(fx.server).at(-1) as { messages: { role: string; content: unknown }[] };
    // Everything the model saw before, plus its final answer, then the new prompt.
    expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
    expect(after.messages[before.messages.length]).toMatchObject({ role: 'assistant' });
    expect(after.messages.at(-1)).toEqual({ role: 'user', content: 'what was it?' });
  });
});
