// A session's worker keeps its transcript in memory while it drains the queue (every step reads it), and the
// session keeps nothing of it once idle. The turn itself is scripted: this is about the scheduler's bookkeeping.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Pauses } from '../../main/core/kernel/pauses';
import { Scheduler } from '../../main/core/engine/scheduler';
import { Slots } from '../../main/core/kernel/slots';
import type { TurnDeps } from '../../main/core/engine/turn-context';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { moveTo, openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe('transcripts of idle sessions', () => {
  it('are cached while the session works through its queue and dropped when it goes idle', async () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store } = t;
    const s = store.sessions.create({ workspace: '/w', name: null, mode: null });
    store.transcript.append(s.id, null, { role: 'user', content: 'earlier' });
    const prompts = [promptAt(t, s.id, 'one'), promptAt(t, s.id, 'two')];
    // The same parsed message twice means it was kept in memory between the reads.
    const keptDuringTurn: boolean[] = [];
    const turn = async (deps: TurnDeps, sessionId: string, promptId: string): Promise<'completed'> => {
      const first = deps.store.transcript.list(sessionId)[0]!.message;
      keptDuringTurn.push(deps.store.transcript.list(sessionId)[0]!.message === first);
      moveTo(t, promptId, 'completed');
      return 'completed';
    };
    const deps = { store, slots: new Slots(1), pauses: new Pauses() } as unknown as TurnDeps;
    const scheduler = new Scheduler(deps, turn);
    const release = store.transcript.release.bind(store.transcript);
    const idleNow = new Promise<string>((resolve) => {
      store.transcript.release = (sessionId) => {
        release(sessionId);
        resolve(sessionId);
      };
    });
    scheduler.kick(s.id);
    expect(await idleNow).toBe(s.id); // the worker found the queue empty
    expect(keptDuringTurn).toEqual([true, true]);
    expect(prompts.map((p) => store.prompts.get(p.id)?.status)).toEqual(['completed', 'completed']);
    const idle = store.transcript.list(s.id)[0]!.message;
    expect(store.transcript.list(s.id)[0]!.message).not.toBe(idle);
    await scheduler.close();
    store.close();
  });
});
