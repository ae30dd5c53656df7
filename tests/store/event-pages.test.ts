// Keyset pages of stored events: the panel reads a long history newest page first (`beforeSeq`), then the pages
// before it, and never the whole table.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createEngine, type Engine } from '../../main/core/engine';
import { Store } from '../../main/core/store/store';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  cleanupTempDirs();
});

/** Two sessions whose events interleave: a1 b1 a2 b2 … (n each). */
function interleaved(store: Store, n: number): { a: string; b: string; seqs: Record<string, number[]> } {
  const a = store.sessions.create({ workspace: '/w', name: 'a', mode: null }).id;
  const b = store.sessions.create({ workspace: '/w', name: 'b', mode: null }).id;
  const seqs: Record<string, number[]> = { [a]: [], [b]: [] };
  for (let i = 0; i < n; i++) {
    for (const sessionId of [a, b]) {
      const e = store.events.append({ type: 'turn_completed', sessionId, promptId: null, content: `${i}` }, true);
      seqs[sessionId]!.push(e.seq);
    }
  }
  return { a, b, seqs };
}

describe('event pages', () => {
  it('reads the newest page before a seq, oldest first, then the pages before it, of one session only', () => {
    const store = new Store(join(tempDir(), 'p.db'));
    const { a, b, seqs } = interleaved(store, 25);
    const mine = seqs[a]!;
    const newest = store.events.list({ sessionId: a, beforeSeq: Number.MAX_SAFE_INTEGER, limit: 10 });
    expect(newest.map((e) => e.seq)).toEqual(mine.slice(-10));
    expect(newest.map((e) => (e.type === 'turn_completed' ? e.content : ''))).toEqual(['15', '16', '17', '18', '19', '20', '21', '22', '23', '24']);
    const before = store.events.list({ sessionId: a, beforeSeq: newest[0]!.seq, limit: 10 });
    expect(before.map((e) => e.seq)).toEqual(mine.slice(5, 15));
    const first = store.events.list({ sessionId: a, beforeSeq: before[0]!.seq, limit: 10 });
    expect(first.map((e) => e.seq)).toEqual(mine.slice(0, 5));
    // Both ends at once: the events between two seqs, newest `limit` of them.
    expect(store.events.list({ sessionId: a, afterSeq: mine[2]!, beforeSeq: mine[9]!, limit: 3 }).map((e) => e.seq)).toEqual(mine.slice(6, 9));
    // Without beforeSeq the pages go forward as before; without a session, all sessions' events.
    expect(store.events.list({ sessionId: a, afterSeq: mine[19]!, limit: 3 }).map((e) => e.seq)).toEqual(mine.slice(20, 23));
    expect(store.events.list({ beforeSeq: mine[1]!, limit: 100 }).map((e) => e.seq)).toEqual([mine[0], seqs[b]![0]]);
    store.close();
  });

  it('answers session.events with beforeSeq through the engine', async () => {
    const home = makeHome('http://127.0.0.1:9/v1');
    engine = await createEngine({ home, env: {} });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'paged' }));
    for (const mode of ['acceptEdits', 'plan', 'default', 'bypass'] as const) unwrap(await engine.handlers['session.setMode']({ session: s.id, mode }));
    const all = unwrap(await engine.handlers['session.events']({ session: s.id }));
    expect(all.map((e) => e.type)).toEqual(['session_created', 'session_mode', 'session_mode', 'session_mode', 'session_mode']);
    const newest = unwrap(await engine.handlers['session.events']({ session: s.ref, beforeSeq: Number.MAX_SAFE_INTEGER, limit: 2 }));
    expect(newest.map((e) => e.seq)).toEqual(all.slice(-2).map((e) => e.seq));
    const older = unwrap(await engine.handlers['session.events']({ session: s.id, beforeSeq: newest[0]!.seq, limit: 2 }));
    expect(older.map((e) => e.seq)).toEqual(all.slice(1, 3).map((e) => e.seq));
  });
});
