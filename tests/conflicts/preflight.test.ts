import { describe, expect, it } from 'vitest';
import type { EngineOptions } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { newSession, ofType, send } from './helpers';

/** The blockers' answers wait at a gate, so they are still running whenever the test acts until it opens it. */
const gatedRules = (tag = '') => ({
  rules: [
    { when: 'slow report', steps: [{ content: 'report written', gate: `report${tag}` }] },
    { when: 'slow python', steps: [{ content: 'ran python', gate: `python${tag}` }] },
  ],
});

const fx = useEngineFixture({ script: gatedRules() });

async function twoSessions(opts: Partial<EngineOptions> = {}) {
  const engine = await fx.open(opts);
  const ws = tempDir();
  const a = await newSession(engine, ws, 'web-api');
  const b = await newSession(engine, ws, 'docs');
  return { engine, ws, a, b };
}

describe('preflight at submission', () => {
  it('holds an overlapping prompt in conflict, naming the other session and the paths; override runs it', async () => {
    const { engine, a, b } = await twoSessions();
    const log = recordEvents(engine);
    const first = await send(engine, a, 'slow report: write the summary to reports/result.json');
    const second = await send(engine, b, 'please save the table to ./reports/result.json');
    expect(first.status).toBe('queued');
    expect(second.status).toBe('conflict');
    const [c] = ofType(log, 'conflict');
    expect(c).toMatchObject({ kind: 'declared_output', promptId: second.id, otherSessionId: a, otherSessionName: 'web-api', paths: ['reports/result.json'] });
    expect(c?.detail).toMatch(/session web-api/);

    unwrap(await engine.handlers['conflict.resolve']({ prompt: second.id, resolution: 'override' }));
    expect(await settled(engine, second.id)).toBe('completed');
    expect(ofType(log, 'conflict_resolved')).toEqual([expect.objectContaining({ conflictId: c?.conflictId, resolution: 'override' })]);
    // It ran while the blocker was still running (held at its gate).
    expect(log.some((e) => e.type === 'prompt_status' && e.promptId === first.id && e.status === 'completed')).toBe(false);
    fx.server.openGate('report');
    expect(await settled(engine, first.id)).toBe('completed');
  });

  it('wait starts the prompt automatically when the blocker ends (no polling), and claims are then released', async () => {
    const { engine, ws, a, b } = await twoSessions();
    const log = recordEvents(engine);
    const first = await send(engine, a, 'slow report: write the summary to reports/result.json');
    const second = await send(engine, b, 'save the table to reports/result.json');
    expect(second.status).toBe('conflict');
    unwrap(await engine.handlers['conflict.resolve']({ prompt: second.id, resolution: 'wait' }));
    expect(unwrap(await engine.handlers['session.get']({ session: b })).prompts[0]?.status).toBe('conflict');
    fx.server.openGate('report');
    expect(await settled(engine, second.id)).toBe('completed');
    const blockerDone = log.findIndex((e) => e.type === 'prompt_status' && e.promptId === first.id && e.status === 'completed');
    const started = log.findIndex((e) => e.type === 'turn_started' && e.promptId === second.id);
    expect(blockerDone).toBeGreaterThanOrEqual(0);
    expect(started).toBeGreaterThan(blockerDone);

    // Both ended, so their claims are gone: a third session declaring the same output is not held.
    const c = await newSession(engine, ws, 'third');
    expect((await send(engine, c, 'write to reports/result.json')).status).toBe('queued');
  });

  it('cancel cancels the held prompt; later prompts of that session run in order', async () => {
    const { engine, ws, a, b } = await twoSessions();
    const log = recordEvents(engine);
    await send(engine, a, 'slow report: write the summary to reports/result.json');
    const held = await send(engine, b, 'save the table to reports/result.json');
    const after = await send(engine, b, 'just say hello');
    expect(after.status).toBe('queued');
    // The session does not run past its held prompt, while a prompt of another session sent later runs to the end.
    const other = await send(engine, await newSession(engine, ws, 'other'), 'just say hi');
    expect(await settled(engine, other.id)).toBe('completed');
    expect(log.some((e) => e.type === 'turn_started' && e.promptId === after.id)).toBe(false);
    unwrap(await engine.handlers['conflict.resolve']({ prompt: held.id, resolution: 'cancel' }));
    expect(await settled(engine, held.id)).toBe('cancelled');
    expect(await settled(engine, after.id)).toBe('completed');
    expect(ofType(log, 'conflict_resolved').map((e) => e.resolution)).toEqual(['cancel']);
    const again = await engine.handlers['conflict.resolve']({ prompt: held.id, resolution: 'override' });
    expect(again.ok).toBe(false);
  });

  it('capability overlap is not a conflict; the same session never conflicts with itself', async () => {
    const { engine, a, b } = await twoSessions();
    await send(engine, a, 'slow python: run the python tests');
    expect((await send(engine, b, 'run the python linter')).status).toBe('queued');
    await send(engine, a, 'slow report: write to out.txt');
    expect((await send(engine, a, 'also write to out.txt')).status).toBe('queued');
  });

  it('prompt.retry goes through preflight too', async () => {
    const { engine, a, b } = await twoSessions();
    const held = await send(engine, b, 'save the table to reports/result.json');
    expect(held.status).toBe('queued');
    await settled(engine, held.id);
    // Make it a failed prompt to retry: cancel is quickest on a fresh one.
    await send(engine, a, 'slow report: write to reports/result.json');
    const second = await send(engine, b, 'save the table to reports/result.json');
    unwrap(await engine.handlers['conflict.resolve']({ prompt: second.id, resolution: 'cancel' }));
    const retry = unwrap(await engine.handlers['prompt.retry']({ prompt: second.id }));
    expect(retry.status).toBe('conflict');
  });
});

describe('preflight headless (--on-conflict)', () => {
  it('block fails the prompt with the reason', async () => {
    const { engine, a, b } = await twoSessions({ onConflict: 'block' });
    const log = recordEvents(engine);
    await send(engine, a, 'slow report: write to reports/result.json');
    const second = await send(engine, b, 'save to reports/result.json');
    expect(second.status).toBe('failed');
    expect(ofType(log, 'conflict_resolved').map((e) => e.resolution)).toEqual(['block']);
    expect(ofType(log, 'turn_failed')[0]?.error).toMatch(/reports\/result\.json.*session web-api/);
  });

  it('override runs at once and wait runs after the blocker, both with events naming the other session', async () => {
    for (const mode of ['override', 'wait'] as const) {
      fx.server.setScript(gatedRules(`-${mode}`));
      const { engine: e, a, b } = await twoSessions({ onConflict: mode });
      const log = recordEvents(e);
      const first = await send(e, a, 'slow report: write to reports/result.json');
      const second = await send(e, b, 'save to reports/result.json');
      expect(second.status).toBe(mode === 'override' ? 'queued' : 'conflict');
      if (mode === 'wait') fx.server.openGate(`report-${mode}`);
      expect(await settled(e, second.id)).toBe('completed');
      expect(ofType(log, 'conflict')[0]).toMatchObject({ sessionId: b, otherSessionId: a });
      expect(ofType(log, 'conflict_resolved').map((x) => x.resolution)).toEqual([mode]);
      const blockerDone = log.findIndex((x) => x.type === 'prompt_status' && x.promptId === first.id && x.status === 'completed');
      const started = log.findIndex((x) => x.type === 'turn_started' && x.promptId === second.id);
      if (mode === 'wait') {
        expect(blockerDone).toBeGreaterThanOrEqual(0);
        expect(started).toBeGreaterThan(blockerDone);
      } else {
        // Overridden: it ran to the end while the blocker was still held at its gate.
        expect(blockerDone).toBe(-1);
        fx.server.openGate(`report-${mode}`);
      }
      expect(await settled(e, first.id)).toBe('completed');
      await fx.close(e);
    }
  });

  it('a prompt told to wait keeps waiting across a restart and starts once its blocker is gone', async () => {
    const home = fx.home();
    const { engine: e, a, b } = await twoSessions({ home });
    const blocker = await send(e, a, 'slow report: write to reports/result.json');
    const held = await send(e, b, 'save to reports/result.json');
    unwrap(await e.handlers['conflict.resolve']({ prompt: held.id, resolution: 'wait' }));
    await fx.server.reached('report');
    expect(unwrap(await e.handlers['session.get']({ session: b })).prompts[0]?.status).toBe('conflict');
    // Shutting down ends the blocker's turn while its answer is still held; the held prompt stays held.
    await fx.close(e);
    const engine = await fx.open({ home });
    const done = nextEvent(engine, 'turn_completed', (x) => x.promptId === held.id);
    expect((await done).sessionId).toBe(b);
    expect(await settled(engine, held.id)).toBe('completed');
    // It started only once, and only after the blocker had ended with the shutdown.
    const all = unwrap(await engine.handlers['session.events']({}));
    const blockerEnded = all.findIndex((x) => x.type === 'prompt_status' && x.promptId === blocker.id && x.status !== 'running' && x.status !== 'queued');
    const starts = all.flatMap((x, i) => (x.type === 'turn_started' && x.promptId === held.id ? [i] : []));
    expect(blockerEnded).toBeGreaterThanOrEqual(0);
    expect(starts).toHaveLength(1);
    expect(starts[0]).toBeGreaterThan(blockerEnded);
    expect(all.some((x) => x.type === 'turn_completed' && x.promptId === blocker.id)).toBe(false);
  });
});
