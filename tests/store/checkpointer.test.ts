// The WAL's checkpoints run on a worker thread with its own connection: the engine's connection never checkpoints
// inside a commit, the WAL stays near SQLite's own 1,000 pages, and a closed store is whole in its .db file.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckpointResult } from '../../main/core/store/checkpointer';
import { openTestStore, promptAt } from '../helpers/prompt-moves';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(cleanupTempDirs);

/** Distinct text of about `n` characters (payloads are stored once per distinct text, so each must differ). */
const text = (i: number, n: number): string => `${i} ${'lorem ipsum dolor sit amet '.repeat(Math.ceil(n / 27))}`.slice(0, n);

describe('WAL checkpoints', () => {
  it('are run by a worker once the WAL holds 1,000 pages, and a closed store is whole in its database file', async () => {
    const file = join(tempDir(), 'paragents.db');
    const t = openTestStore(file);
    const { store, db } = t;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const checkpointer = store.checkpointer;
    if (!checkpointer) throw new Error('a store on a file has a checkpointer');
    const results: CheckpointResult[] = [];
    const first = new Promise<void>((resolve) => {
      checkpointer.onCheckpoint = (r) => {
        results.push(r);
        resolve();
      };
    });
    const session = store.sessions.create({ workspace: '/w', name: 'big', mode: 'default' });
    const p = promptAt(t, session.id, 'fill the log');
    let frames = 0;
    for (let i = 0; i < 1200 && results.length === 0; i++) {
      store.tx(() => store.transcript.append(session.id, p.id, { role: 'assistant', content: text(i, 6000) }));
      frames = Math.max(frames, checkpointer.walFrames());
    }
    // Nothing checkpointed inside the commits: the WAL grew past SQLite's own limit until the worker was asked.
    expect(frames).toBeGreaterThanOrEqual(1000);
    await first;
    expect(results[0]?.ok).toBe(true);
    expect(results[0]?.checkpointed).toBeGreaterThanOrEqual(1000);
    store.close();
    // The last connection closed: everything is in the database file, and the WAL is gone.
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
    const check = new Database(file, { readonly: true });
    const stored = check.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number };
    check.close();
    expect(stored.n).toBeGreaterThan(0);
  });

  it('keep the WAL near 1,000 pages over a long run of commits: it starts over after each checkpoint', async () => {
    const file = join(tempDir(), 'paragents.db');
    const t = openTestStore(file);
    const { store } = t;
    const checkpointer = store.checkpointer;
    if (!checkpointer) throw new Error('a store on a file has a checkpointer');
    let checkpoints = 0;
    checkpointer.onCheckpoint = (r) => void (r.ok && checkpoints++);
    const session = store.sessions.create({ workspace: '/w', name: 'long', mode: 'default' });
    const p = promptAt(t, session.id, 'a long run');
    const frames: number[] = [];
    for (let i = 0; i < 6000; i++) {
      store.tx(() => store.transcript.append(session.id, p.id, { role: 'assistant', content: text(i, 3000) }));
      // Bursts of commits with pauses between them, as a session's steps are separated by the model's answers.
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 2));
      if (i % 20 === 0) frames.push(checkpointer.walFrames());
    }
    store.close();
    expect(checkpoints).toBeGreaterThan(3);
    // Started over: the frame count fell back many times, and stayed well below the 6,000 frames of a WAL that is
    // never checkpointed (how far past the limit it goes depends on how busy the machine keeps the worker).
    const fallsBack = frames.filter((f, i) => i > 0 && f < (frames[i - 1] ?? 0)).length;
    expect(fallsBack).toBeGreaterThan(3);
    expect(Math.max(...frames.slice(frames.length / 2))).toBeLessThan(4500);
  });

  it('are not run for a read-only store', () => {
    const file = join(tempDir(), 'paragents.db');
    openTestStore(file).store.close();
    const ro = openTestStore(file, { readonly: true });
    expect(ro.store.checkpointer).toBeNull();
    ro.store.close();
  });
});
