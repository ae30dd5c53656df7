import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Store, deriveSessionStatus } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('store', () => {
  it('migrates a fresh file to the latest version, in WAL mode, and refuses a newer schema', () => {
    const file = join(tempDir(), 'p.db');
    const store = new Store(file);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    store.close();
    const raw = new Database(file);
    raw.pragma('user_version = 999');
    expect(() => migrate(raw)).toThrow(/schema version 999 is newer/);
    raw.close();
  });

  it('resolves prompts by id, ref and unique prefix, reports ambiguity, and treats LIKE wildcards literally', () => {
    const store = new Store(join(tempDir(), 'p.db'));
    const s = store.createSession({ workspace: '/w', name: 'one', mode: 'default' });
    const a = store.createPrompt(s.id, 'a');
    const b = store.createPrompt(s.id, 'b');
    for (const p of [a, b]) {
      expect(store.resolvePrompt(p.id)).toEqual({ ok: true, value: expect.objectContaining({ id: p.id }) });
      expect(store.resolvePrompt(p.ref)).toEqual({ ok: true, value: expect.objectContaining({ id: p.id }) });
    }
    const common = [...a.id].findIndex((c, i) => c !== b.id[i]);
    const shared = a.id.slice(0, common);
    if (shared.length > 0) expect(store.resolvePrompt(shared)).toMatchObject({ ok: false, error: { kind: 'ambiguous' } });
    expect(store.resolvePrompt(a.id.slice(0, common + 1))).toMatchObject({ ok: true, value: { id: a.id } });
    expect(store.resolvePrompt('%')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(store.resolvePrompt('_')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(store.resolveSession('one')).toMatchObject({ ok: true, value: { id: s.id } });
    store.close();
  });

  it('keeps events in order and stamps them with refs and names', () => {
    const store = new Store(join(tempDir(), 'p.db'));
    const s = store.createSession({ workspace: '/w', name: 'named', mode: 'default' });
    const p = store.createPrompt(s.id, 'x');
    const e1 = store.appendEvent({ type: 'prompt_queued', sessionId: s.id, promptId: p.id, text: 'x', position: 1 }, true);
    const e2 = store.appendEvent({ type: 'assistant_delta', sessionId: s.id, promptId: p.id, text: 'y' }, false);
    const e3 = store.appendEvent({ type: 'turn_completed', sessionId: s.id, promptId: p.id, content: 'done' }, true);
    expect(e1).toMatchObject({ sessionRef: s.ref, sessionName: 'named', promptRef: p.ref });
    expect(e2.seq).toBe(0);
    expect(store.listEvents({ sessionId: s.id }).map((e) => e.seq)).toEqual([e1.seq, e3.seq]);
    expect(store.listEvents({ sessionId: s.id, afterSeq: e1.seq }).map((e) => e.type)).toEqual(['turn_completed']);
    store.close();
  });

  it('derives a session status: active prompts first (running over queued), else the last finished one', () => {
    const row = (status: string) => ({ status }) as Parameters<typeof deriveSessionStatus>[0][number];
    expect(deriveSessionStatus([])).toBe('idle');
    expect(deriveSessionStatus([row('running'), row('queued')])).toBe('running');
    expect(deriveSessionStatus([row('completed'), row('waiting_approval'), row('queued')])).toBe('waiting_approval');
    expect(deriveSessionStatus([row('conflict'), row('running')])).toBe('conflict');
    expect(deriveSessionStatus([row('paused'), row('queued')])).toBe('paused');
    expect(deriveSessionStatus([row('completed'), row('cancelled')])).toBe('failed');
    expect(deriveSessionStatus([row('failed'), row('completed')])).toBe('completed');
  });
});
