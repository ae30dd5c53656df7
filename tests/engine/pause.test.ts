import { expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  script: {
    rules: [
      {
        when: 'three steps',
        steps: [
          // The first answer waits at the gate until the test has asked for the pause.
          { toolCalls: [{ name: 'LS', arguments: {} }], gate: 'first step' },
          { toolCalls: [{ name: 'LS', arguments: {} }] },
          { content: 'all done' },
        ],
      },
    ],
  },
});

it('pauses a running turn at the next step, frees its slot for another session, and resumes where it stopped', async () => {
  const { server } = fx;
  const engine = await fx.open({ home: fx.home({ concurrency: 1 }) });
  const log = recordEvents(engine);
  const a = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'a' }));
  const b = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'b' }));
  const pa = unwrap(await engine.handlers['prompt.send']({ session: a.id, text: 'three steps please' }));
  await server.reached('first step');
  const paused = nextEvent(engine, 'prompt_status', (e) => e.promptId === pa.id && e.status === 'paused');
  unwrap(await engine.handlers['prompt.pause']({ prompt: pa.ref }));
  server.openGate('first step');
  await paused;
  expect(unwrap(await engine.handlers['session.get']({ session: 'a' })).status).toBe('paused');

  // With the limit at 1, b can only run because the paused turn gave up its slot.
  const pb = unwrap(await engine.handlers['prompt.send']({ session: b.id, text: 'hello' }));
  expect(await settled(engine, pb.id)).toBe('completed');
  const callsBefore = server.requests.length;
  expect(unwrap(await engine.handlers['session.get']({ session: 'a' })).prompts[0]?.status).toBe('paused');

  unwrap(await engine.handlers['prompt.resume']({ prompt: pa.id }));
  expect(await settled(engine, pa.id)).toBe('completed');
  expect(server.requests.length).toBeGreaterThan(callsBefore);
  // It went on from where it stopped: two LS calls in all, not a restart of the turn.
  expect(log.filter((e) => e.type === 'tool_call' && e.promptId === pa.id)).toHaveLength(2);
  const again = await engine.handlers['prompt.resume']({ prompt: pa.id });
  expect(!again.ok && again.error.message).toMatch(/not paused/);
});

it('a paused prompt stays paused across a restart, holds its session queue, and resumes from its transcript', async () => {
  const { server } = fx;
  const home = fx.home();
  let engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'p' }));
  const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'three steps' }));
  await server.reached('first step');
  const paused = nextEvent(engine, 'prompt_status', (e) => e.promptId === p1.id && e.status === 'paused');
  unwrap(await engine.handlers['prompt.pause']({ prompt: p1.id }));
  server.openGate('first step');
  await paused;
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'after it' }));
  await fx.close(engine);

  engine = await fx.open({ home });
  const requestsBefore = server.requests.length;
  // A prompt of another session runs to the end after the restart; session p stays as it was meanwhile.
  const other = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'other' }));
  expect(await settled(engine, unwrap(await engine.handlers['prompt.send']({ session: other.id, text: 'hello' })).id)).toBe('completed');
  const lastUser = (body: unknown) => (body as { messages: { role: string; content: string }[] }).messages.filter((m) => m.role === 'user').at(-1)?.content;
  // Chat requests only: the engine also reads the endpoint's model list (GET /models) for the context window.
  const chats = server.requests.slice(requestsBefore).filter((r) => r.method === 'POST');
  expect(chats.map((r) => lastUser(r.body))).toEqual(['hello']);
  const detail = unwrap(await engine.handlers['session.get']({ session: 'p' }));
  expect(detail.prompts.map((p) => p.status)).toEqual(['paused', 'queued']);
  unwrap(await engine.handlers['prompt.resume']({ prompt: p1.ref }));
  expect(await settled(engine, p1.id)).toBe('completed');
  expect(await settled(engine, p2.id)).toBe('completed');
});

it('cancelling a turn that gave up its slot (waiting on a person) does not wait for a slot to end', async () => {
  const { server } = fx;
  server.setScript({
    rules: [
      { when: 'needs ok', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'x.txt', content: 'x' } }] }, { content: 'done' }] },
      // The story stops after its first chunk at a gate that is never opened, so b keeps the slot.
      { when: 'long story', steps: [{ content: 'word '.repeat(200), gate: 'story', gateAfterChunks: 1 }] },
    ],
  });
  const engine = await fx.open({ home: fx.home({ concurrency: 1 }), approvals: 'ask' });
  const a = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const b = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const asked = nextEvent(engine, 'approval_requested');
  const pa = unwrap(await engine.handlers['prompt.send']({ session: a.id, text: 'needs ok' }));
  await asked;
  const streaming = nextEvent(engine, 'assistant_delta', (e) => e.sessionId === b.id);
  const pb = unwrap(await engine.handlers['prompt.send']({ session: b.id, text: 'long story' }));
  await streaming; // b now holds the only slot
  unwrap(await engine.handlers['prompt.cancel']({ prompt: pa.id }));
  expect(await settled(engine, pa.id, 3000)).toBe('cancelled');
  expect(unwrap(await engine.handlers['session.get']({ session: b.id })).prompts[0]?.status).toBe('running');
  unwrap(await engine.handlers['prompt.cancel']({ prompt: pb.id }));
  expect(await settled(engine, pb.id)).toBe('cancelled');
  expect(engine.stats().slotsInUse).toBe(0);
});
