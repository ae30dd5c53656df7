// Migration 013 creates the search index and indexes the history stored before it, in the same transaction as
// the migrations: a database from before it answers searches exactly as one that indexed as it went.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openStore, Store } from '../../main/core/store/store';
import { openTestStore } from '../helpers/prompt-moves';
import { migrate, migrations } from '../../main/core/store/migrations';
import { m013Search } from '../../main/core/store/migrations/013-search';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { writer } from './helpers';

afterEach(() => cleanupTempDirs());

const QUERIES = ['wombat', 'quokka', 'platypus', 'wallaby', 'dingo', 'cassowary', 'echidna pars', '"the echidna"', 'kookaburra'];

/** A history with every kind of entry, a payload-sized output, an edited prompt, and a closed session. */
function writeHistory(store: Store): void {
  const w = writer(store);
  const a = w.session('/w/a', 'a');
  const b = w.session('/w/b', 'b');
  const big = `${'plain line of output\n'.repeat(4000)}the platypus is at the end`;
  w.turn(a, { prompt: 'why does the wombat parser fail', calls: [{ tool: 'Read', input: { path: 'src/quokka.ts' }, output: big }], answer: 'the echidna parser lost a token' });
  w.turn(b, { prompt: 'the cassowary cache', calls: [{ tool: 'Bash', input: { command: 'make kookaburra' }, output: 'no rule', ok: false }], answer: 'cassowary answer' });
  const queued = w.prompts.enqueue(a, 'rename the dingo', () => {});
  w.prompts.editText(queued.id, 'rename the wallaby');
  store.sessions.close(b);
}

describe('migration 013 (search index)', () => {
  it('indexes a database from before it exactly as the store indexes new rows', () => {
    const file = join(tempDir(), 'paragents.db');
    const live = openTestStore(file).store;
    writeHistory(live);
    const expected = QUERIES.map((text) => live.search.search({ text }));
    // Every query finds something but the edited-away word.
    expect(QUERIES.filter((_, i) => expected[i]!.length === 0)).toEqual(['dingo']);
    live.close();

    // The same rows as a database written before the index existed.
    const raw = new Database(file);
    // Later migrations' columns go too, as they run again after it.
    raw.exec('ALTER TABLE sessions DROP COLUMN plan_json; ALTER TABLE sessions DROP COLUMN plan_updated_at; ALTER TABLE sessions DROP COLUMN chosen_provider; ALTER TABLE sessions DROP COLUMN reasoning_effort; ALTER TABLE prompts DROP COLUMN images_json; DROP TABLE child_grants; DROP TABLE agent_children; DROP TABLE search_text; DROP TABLE search_terms; DROP INDEX tool_calls_by_call; ALTER TABLE prompts DROP COLUMN error_msg; DROP INDEX sessions_parent; ALTER TABLE sessions DROP COLUMN parent_id;');
    raw.pragma(`user_version = ${m013Search.version - 1}`);
    raw.close();

    const { store: migrated, db: migratedDb } = openStore(file);
    expect(migratedDb.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect(QUERIES.map((text) => migrated.search.search({ text }))).toEqual(expected);
    migrated.close();
  });

  it('indexes rows stored long before (schema 7, before payloads), with the migrations in between', () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    migrate(db, migrations.filter((m) => m.version <= 7));
    const event = (seq: number, type: string, promptId: string | null, fields: Record<string, unknown>) =>
      db.prepare('INSERT INTO events (seq, ts, type, session_id, prompt_id, event_json) VALUES (?, ?, ?, ?, ?, ?)').run(
        seq, `2024-05-01T10:00:0${seq}.000Z`, type, 's1', promptId,
        JSON.stringify({ seq: 0, ts: `2024-05-01T10:00:0${seq}.000Z`, sessionId: 's1', sessionRef: 'aaa111', sessionName: null, promptId, promptRef: promptId ? 'bbb222' : null, type, ...fields }),
      );
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at, closed_at) VALUES ('s1', 'aaa111', '/w/old', '2024-05-01T10:00:00.000Z', '2024-05-02T00:00:00.000Z')`).run();
    db.prepare(`INSERT INTO prompts (id, ref, session_id, position, text, status, created_at) VALUES ('p1', 'bbb222', 's1', 1, 'find the old bandicoot', 'completed', '2024-05-01T10:00:01.000Z')`).run();
    db.prepare(`INSERT INTO messages (id, session_id, prompt_id, message_json, created_at) VALUES (1, 's1', 'p1', '{"role":"assistant","content":null}', 'x')`).run();
    db.prepare(
      `INSERT INTO tool_calls (id, session_id, prompt_id, message_id, call_id, tool, input_json, status, ok, output, created_at, finished_at)
       VALUES ('t1', 's1', 'p1', 1, 'call_1', 'Grep', '{"pattern":"potoroo"}', 'done', 1, ?, 'x', '2024-05-01T10:00:03.000Z')`,
    ).run(`${'match line\n'.repeat(1000)}a quoll at the end`);
    event(1, 'prompt_queued', 'p1', { text: 'find the old bandicoot', position: 1 });
    event(2, 'tool_call', 'p1', { callId: 'call_1', tool: 'Grep', input: { pattern: 'potoroo' }, decision: null });
    event(3, 'tool_result', 'p1', { callId: 'call_1', tool: 'Grep', ok: true, output: 'match line\n… (preview)', error: null });
    event(4, 'assistant_message', 'p1', { content: 'found the bandicoot', toolCalls: [] });
    event(5, 'prompt_status', 'p1', { status: 'completed' });
    db.close();

    const store = new Store(file);
    const kinds = (text: string) => store.search.search({ text }).map((h) => [h.kind, h.seq, h.closed, h.workspace]).sort();
    expect(kinds('bandicoot')).toEqual([
      ['answer', 4, true, '/w/old'],
      ['prompt', 1, true, '/w/old'],
    ]);
    expect(kinds('potoroo')).toEqual([['tool_input', 2, true, '/w/old']]);
    // The whole output is read from the call: the event only carried a preview.
    expect(kinds('quoll')).toEqual([['tool_output', 3, true, '/w/old']]);
    expect(kinds('completed')).toEqual([]);
    store.close();
  });
});
