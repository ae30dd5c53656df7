import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Store } from '../../main/core/store/store';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe('store transcript cache', () => {
  it('returns the same transcript as a fresh read, after appends, and not the rows of a rolled back transaction', () => {
    const file = join(tempDir(), 'p.db');
    const t = openTestStore(file);
    const { store } = t;
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    store.transcript.hold(s.id); // at work: its transcript is cached
    const p = promptAt(t, s.id, 'hi');
    store.transcript.append(s.id, null, { role: 'system', content: 'sys' });
    expect(store.transcript.list(s.id)).toHaveLength(1);
    store.transcript.append(s.id, p.id, { role: 'user', content: 'hi' });
    store.tx(() => store.transcript.append(s.id, p.id, { role: 'assistant', content: 'hello' }));
    expect(() =>
      store.tx(() => {
        store.transcript.append(s.id, p.id, { role: 'assistant', content: 'rolled back' });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    // A savepoint rolled back inside a transaction that commits.
    store.tx(() => {
      expect(() =>
        store.tx(() => {
          store.transcript.append(s.id, p.id, { role: 'user', content: 'inner, rolled back' });
          throw new Error('inner');
        }),
      ).toThrow('inner');
      store.transcript.append(s.id, p.id, { role: 'user', content: 'kept' });
    });
    const cached = store.transcript.list(s.id);
    // The returned array is a copy: changing it leaves the cache alone.
    cached.pop();
    const again = store.transcript.list(s.id);
    const fresh = new Store(file);
    expect(again).toEqual(fresh.transcript.list(s.id));
    expect(again.map((m) => m.message.content)).toEqual(['sys', 'hi', 'hello', 'kept']);
    fresh.close();
    store.close();
  });

  it('keeps the transcript of a session at work only: an idle session is read from SQLite each time', () => {
    const store = new Store(join(tempDir(), 'p.db'));
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    store.transcript.append(s.id, null, { role: 'user', content: 'hi' });
    // Parsed anew on each read: nothing of it stays in memory between reads.
    expect(store.transcript.list(s.id)[0]!.message).not.toBe(store.transcript.list(s.id)[0]!.message);
    store.transcript.hold(s.id);
    const held = store.transcript.list(s.id);
    expect(store.transcript.list(s.id)[0]!.message).toBe(held[0]!.message);
    store.transcript.release(s.id);
    expect(store.transcript.list(s.id)[0]!.message).not.toBe(held[0]!.message);
    expect(store.transcript.list(s.id).map((m) => m.message.content)).toEqual(['hi']);
    store.close();
  });
});
