import { describe, expect, it } from 'vitest';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { newSession, ofType, send } from './helpers';

const fx = useEngineFixture({
  script: {
    rules: [
      // Each answer waits at its gate until the test opens it, so the prompt stays running meanwhile.
      { when: 'slow report', steps: [{ content: 'report written', gate: 'report' }] },
      { when: 'slow python', steps: [{ content: 'ran python', gate: 'python' }] },
    ],
  },
});

const statusOf = async (e: Engine, session: string, promptId: string): Promise<string | undefined> =>
  unwrap(await e.handlers['session.get']({ session })).prompts.find((p) => p.id === promptId)?.status;

describe('prompt.edit recomputes the preflight claims', () => {
  it('moves a queued prompt into conflict when its new text declares another session’s output, and back out', async () => {
    const engine = await fx.open();
    const ws = tempDir();
    const a = await newSession(engine, ws, 'web-api');
    const b = await newSession(engine, ws, 'docs');
    const log = recordEvents(engine);
    const blocker = await send(engine, a, 'slow report: write the summary to reports/result.json');
    await send(engine, b, 'slow python first');
    const queued = await send(engine, b, 'save the table to reports/table.json');
    expect(queued.status).toBe('queued');

    const into = unwrap(await engine.handlers['prompt.edit']({ prompt: queued.id, text: 'save the table to reports/result.json' }));
    expect(into.status).toBe('conflict');
    const [c] = ofType(log, 'conflict');
    expect(c).toMatchObject({ kind: 'declared_output', promptId: queued.id, otherSessionId: a, paths: ['reports/result.json'] });

    const out = unwrap(await engine.handlers['prompt.edit']({ prompt: queued.id, text: 'save the table to reports/other.json' }));
    expect(out.status).toBe('queued');
    // The old conflict is closed (the edit withdrew its claim), and the prompt runs without waiting for A.
    expect(ofType(log, 'conflict_resolved')).toEqual([expect.objectContaining({ conflictId: c?.conflictId, resolution: 'cancel' })]);
    fx.server.openGate('python');
    expect(await settled(engine, queued.id)).toBe('completed');
    expect(await statusOf(engine, a, blocker.id)).toBe('running');
    fx.server.openGate('report');
    expect(await settled(engine, blocker.id)).toBe('completed');
  });

  it('a prompt held at submission can be edited out of its conflict and then runs', async () => {
    const engine = await fx.open();
    const ws = tempDir();
    const a = await newSession(engine, ws, 'web-api');
    const b = await newSession(engine, ws, 'docs');
    const log = recordEvents(engine);
    const blocker = await send(engine, a, 'slow report: write the summary to reports/result.json');
    const held = await send(engine, b, 'save the table to reports/result.json');
    expect(held.status).toBe('conflict');
    unwrap(await engine.handlers['conflict.resolve']({ prompt: held.id, resolution: 'wait' }));

    const edited = unwrap(await engine.handlers['prompt.edit']({ prompt: held.id, text: 'save the table to reports/mine.json' }));
    expect(edited.status).toBe('queued');
    expect(await settled(engine, held.id)).toBe('completed');
    // It did not wait for the blocker any more.
    expect(await statusOf(engine, a, blocker.id)).toBe('running');
    const statuses = log.filter((e) => e.type === 'prompt_status' && e.promptId === held.id).map((e) => (e.type === 'prompt_status' ? e.status : ''));
    expect(statuses).toEqual(['conflict', 'queued', 'running', 'completed']);

    // A third session can now declare the old path only against the blocker, not against the edited prompt.
    const c = await newSession(engine, ws, 'third');
    await send(engine, c, 'write to reports/mine.json');
    expect(ofType(log, 'conflict').filter((e) => e.paths.includes('reports/mine.json'))).toEqual([]);
    fx.server.openGate('report');
    expect(await settled(engine, blocker.id)).toBe('completed');
  });

  it('still refuses to edit a prompt that has started', async () => {
    const engine = await fx.open();
    const s = await newSession(engine, tempDir(), 'solo');
    const p = await send(engine, s, 'slow python');
    await fx.server.reached('python');
    const r = await engine.handlers['prompt.edit']({ prompt: p.id, text: 'other' });
    expect(r.ok).toBe(false);
    fx.server.openGate('python');
    expect(await settled(engine, p.id)).toBe('completed');
  });
});
