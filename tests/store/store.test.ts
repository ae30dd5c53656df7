import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openStore } from '../../main/core/store/store';
import { ConflictStore } from '../../main/core/conflicts/conflict-store';
import { applyEvent, applyPromptSummary, applySummaries } from '../../renderer/store/reducer';
import { displayStatus } from '../../renderer/store/status';
import { emptyDomain } from '../../renderer/store/types';
import type { PromptStatus, SessionStatus } from '../../shared/status';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe('store', () => {
  it('migrates a fresh file to the latest version, in WAL mode, and refuses a newer schema', () => {
    const file = join(tempDir(), 'p.db');
    const { store, db } = openStore(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    store.close();
    const raw = new Database(file);
    raw.pragma('user_version = 999');
    expect(() => migrate(raw)).toThrow(/schema version 999 is newer/);
    raw.close();
  });

  it('resolves prompts by id, ref and unique prefix, reports ambiguity, and treats LIKE wildcards literally', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store } = t;
    const s = store.sessions.create({ workspace: '/w', name: 'one', mode: 'default' });
    const a = promptAt(t, s.id, 'a');
    const b = promptAt(t, s.id, 'b');
    for (const p of [a, b]) {
      expect(store.prompts.resolve(p.id)).toEqual({ ok: true, value: expect.objectContaining({ id: p.id }) });
      expect(store.prompts.resolve(p.ref)).toEqual({ ok: true, value: expect.objectContaining({ id: p.id }) });
    }
    const common = [...a.id].findIndex((c, i) => c !== b.id[i]);
    const shared = a.id.slice(0, common);
    if (shared.length > 0) expect(store.prompts.resolve(shared)).toMatchObject({ ok: false, error: { kind: 'ambiguous' } });
    expect(store.prompts.resolve(a.id.slice(0, common + 1))).toMatchObject({ ok: true, value: { id: a.id } });
    expect(store.prompts.resolve('%')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(store.prompts.resolve('_')).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(store.sessions.resolve('one')).toMatchObject({ ok: true, value: { id: s.id } });
    store.close();
  });

  it('keeps events in order and stamps them with refs and names', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store } = t;
    const s = store.sessions.create({ workspace: '/w', name: 'named', mode: 'default' });
    const p = promptAt(t, s.id, 'x');
    // The prompt's own queueing events come first; the ones appended here follow them.
    const queued = store.events.list({ sessionId: s.id }).at(-1)?.seq ?? 0;
    const e1 = store.events.append({ type: 'prompt_queued', sessionId: s.id, promptId: p.id, text: 'x', position: 1 }, true);
    const e2 = store.events.append({ type: 'assistant_delta', sessionId: s.id, promptId: p.id, text: 'y' }, false);
    const e3 = store.events.append({ type: 'turn_completed', sessionId: s.id, promptId: p.id, content: 'done' }, true);
    expect(e1).toMatchObject({ sessionRef: s.ref, sessionName: 'named', promptRef: p.ref });
    expect(e2.seq).toBe(0);
    expect(store.events.list({ sessionId: s.id, afterSeq: queued }).map((e) => e.seq)).toEqual([e1.seq, e3.seq]);
    expect(store.events.list({ sessionId: s.id, afterSeq: e1.seq }).map((e) => e.type)).toEqual(['turn_completed']);
    store.close();
  });

  it.each<[string, PromptStatus[], { conflictOn?: number; closed?: boolean }, SessionStatus]>([
    ['no prompts', [], {}, 'idle'],
    ['running ahead of a queue', ['running', 'queued'], {}, 'running'],
    ['an approval among finished and queued prompts', ['completed', 'waiting_approval', 'queued'], {}, 'waiting_approval'],
    ['a conflict over a running prompt', ['conflict', 'running'], {}, 'conflict'],
    ['a paused prompt ahead of a queue', ['paused', 'queued'], {}, 'paused'],
    ['a last prompt cancelled', ['completed', 'cancelled'], {}, 'idle'],
    ['a last prompt failed', ['completed', 'failed'], {}, 'failed'],
    ['a last prompt completed', ['failed', 'completed'], {}, 'completed'],
    ['an open conflict recorded on a running prompt', ['running', 'queued'], { conflictOn: 0 }, 'conflict'],
    ['an open conflict on a prompt that has since finished', ['completed'], { conflictOn: 0 }, 'completed'],
    ['a closed session', ['completed', 'cancelled'], { closed: true }, 'closed'],
  ])('gives the same session status in its summary as the panel shows for %s', (_label, statuses, facts, expected) => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store, db } = t;
    const conflicts = new ConflictStore(db);
    const s = store.sessions.create({ workspace: '/w', name: null, mode: 'default' });
    const prompts = statuses.map((status, i) => promptAt(t, s.id, `prompt ${i}`, status));
    let panel = applySummaries(emptyDomain(), []);
    if (facts.conflictOn !== undefined) {
      const p = prompts[facts.conflictOn]!;
      const rec = conflicts.addConflict({ sessionId: s.id, promptId: p.id, kind: 'write_write', otherSessionId: null, blockingPrompts: [], paths: ['a.txt'], detail: '' });
      panel = applyEvent(panel, {
        type: 'conflict', seq: 1, ts: rec.createdAt, sessionId: s.id, sessionRef: s.ref, sessionName: null, promptId: p.id, promptRef: p.ref,
        conflictId: rec.id, kind: rec.kind, otherSessionId: null, otherSessionRef: null, otherSessionName: null, paths: rec.paths, detail: rec.detail,
      });
    }
    if (facts.closed) store.sessions.close(s.id);

    const summary = store.summaries.session(store.sessions.get(s.id)!, { mode: 'default', source: 'default' });
    panel = applySummaries(panel, [summary]);
    for (const p of store.prompts.list(s.id)) panel = applyPromptSummary(panel, store.summaries.prompt(p));

    expect(summary.status).toBe(expected);
    expect(displayStatus(panel, panel.sessions[s.id]!)).toBe(summary.status);
    store.close();
  });
});
