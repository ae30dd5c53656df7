import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { EngineEvent } from '../../shared/events';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe('event bus batches', () => {
  it('publishes the events of a batch in order, only after its transaction committed', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store, db, bus } = t;
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const p = promptAt(t, s.id, 'hi');
    // The prompt's own queueing events, stored before the batch.
    const before = store.events.list({ sessionId: s.id }).length;
    const seen: { event: EngineEvent; inTx: boolean; stored: number }[] = [];
    bus.subscribe((event) => seen.push({ event, inTx: db.inTransaction, stored: store.events.list({ sessionId: s.id }).length }));
    bus.batch(() => {
      // Written and announced (prompt_status) in the batch.
      t.prompts.transition(p.id, 'running');
      bus.batch(() => bus.emit({ type: 'turn_started', sessionId: s.id, promptId: p.id, resumed: false }));
      expect(seen).toHaveLength(0);
    });
    expect(seen.map((x) => x.event.type)).toEqual(['prompt_status', 'turn_started']);
    expect(seen.every((x) => !x.inTx && x.stored === before + 2)).toBe(true);
    expect(seen[0]?.event.seq).toBeLessThan(seen[1]?.event.seq ?? 0);
  });

  it('rolls back and publishes nothing when the batch throws', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store, bus } = t;
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const p = promptAt(t, s.id, 'hi');
    const before = store.events.list({ sessionId: s.id }).length;
    const seen: EngineEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    expect(() =>
      bus.batch(() => {
        t.prompts.transition(p.id, 'running');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(seen).toHaveLength(0);
    expect(store.events.list({ sessionId: s.id })).toHaveLength(before);
    expect(store.prompts.get(p.id)?.status).toBe('queued');
    // The bus works normally afterwards.
    bus.emit({ type: 'prompt_status', sessionId: s.id, promptId: p.id, status: 'queued' });
    expect(seen).toHaveLength(1);
  });
});
