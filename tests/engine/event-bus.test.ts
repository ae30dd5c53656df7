import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openStore, Store } from '../../main/core/store/store';
import { EventBus } from '../../main/core/kernel/event-bus';
import type { EngineEvent } from '../../shared/events';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('event bus batches', () => {
  it('publishes the events of a batch in order, only after its transaction committed', () => {
    const { store, db } = openStore(join(tempDir(), 'p.db'));
    const bus = new EventBus(store);
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const p = store.promptWrites.create(s.id, 'hi');
    const seen: { event: EngineEvent; inTx: boolean; stored: number }[] = [];
    bus.subscribe((event) => seen.push({ event, inTx: db.inTransaction, stored: store.events.list({ sessionId: s.id }).length }));
    bus.batch(() => {
      store.promptWrites.setStatus(p.id, 'running');
      bus.emit({ type: 'prompt_status', sessionId: s.id, promptId: p.id, status: 'running' });
      bus.batch(() => bus.emit({ type: 'turn_started', sessionId: s.id, promptId: p.id, resumed: false }));
      expect(seen).toHaveLength(0);
    });
    expect(seen.map((x) => x.event.type)).toEqual(['prompt_status', 'turn_started']);
    expect(seen.every((x) => !x.inTx && x.stored === 2)).toBe(true);
    expect(seen[0]?.event.seq).toBeLessThan(seen[1]?.event.seq ?? 0);
  });

  it('rolls back and publishes nothing when the batch throws', () => {
    const store = new Store(join(tempDir(), 'p.db'));
    const bus = new EventBus(store);
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const p = store.promptWrites.create(s.id, 'hi');
    const seen: EngineEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    expect(() =>
      bus.batch(() => {
        store.promptWrites.setStatus(p.id, 'running');
        bus.emit({ type: 'prompt_status', sessionId: s.id, promptId: p.id, status: 'running' });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(seen).toHaveLength(0);
    expect(store.events.list({ sessionId: s.id })).toHaveLength(0);
    expect(store.prompts.get(p.id)?.status).toBe('queued');
    // The bus works normally afterwards.
    bus.emit({ type: 'prompt_status', sessionId: s.id, promptId: p.id, status: 'queued' });
    expect(seen).toHaveLength(1);
  });
});
