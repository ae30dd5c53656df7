import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate, migrations } from '../../main/core/store/migrations';
import type { NewCompaction } from '../../main/core/context/compaction-store';
import { cleanupTempDirs } from '../helpers/temp';
import { openStore, reopen } from './compaction-helpers';

afterEach(() => cleanupTempDirs());

const entry = (sessionId: string, over: Partial<NewCompaction> = {}): NewCompaction => ({
  sessionId,
  coversThrough: null,
  summary: null,
  note: null,
  promptsBlock: null,
  prunedIds: [],
  headTokens: 0,
  encoding: 'o200k_base',
  tokensBefore: 100,
  tokensAfter: 50,
  reason: 'auto',
  prunedToolOutputs: 0,
  summaryTokens: 0,
  focus: null,
  summaryError: null,
  ...over,
});

describe('migration 006 (compactions)', () => {
  it('upgrades a version-5 database with the compactions table', () => {
    const db = new Database(':memory:');
    const v5 = migrations.findIndex((m) => m.version === 5);
    expect(migrate(db, migrations.slice(0, v5 + 1))).toBe(5);
    expect(migrate(db)).toBe(migrations.at(-1)?.version);
    const cols = (db.prepare('PRAGMA table_info(compactions)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toEqual(expect.arrayContaining(['session_id', 'covers_through', 'summary', 'prompts_block', 'pruned_ids_json', 'reason', 'tokens_before', 'tokens_after']));
    db.close();
  });
});

describe('compaction store', () => {
  it('keeps every compaction of a session in order; the latest is in force, across a reopen', () => {
    let o = openStore();
    const m1 = o.store.transcript.append(o.sessionId, null, { role: 'user', content: 'a' });
    const m2 = o.store.transcript.append(o.sessionId, null, { role: 'tool', tool_call_id: 'x', content: 'b' });
    const first = o.compactions.add(entry(o.sessionId, { prunedIds: [m2] }));
    const second = o.compactions.add(entry(o.sessionId, { coversThrough: m1, summary: 'S', promptsBlock: 'P', headTokens: 12, reason: 'manual', focus: 'f' }));
    expect(o.compactions.latest(o.sessionId)).toEqual(second);
    o = reopen(o);
    expect(o.compactions.list(o.sessionId)).toEqual([first, second]);
    expect(o.compactions.latest(o.sessionId)).toEqual(second);
    expect(o.compactions.latest('no-such-session')).toBeNull();
    o.store.close();
  });

  it('copies the latest compaction to a fork with its message ids mapped', () => {
    const o = openStore();
    const ids = [1, 2, 3, 4].map((i) => o.store.transcript.append(o.sessionId, null, { role: 'user', content: `m${i}` }));
    o.compactions.add(entry(o.sessionId, { coversThrough: ids[2] as number, summary: 'S', prunedIds: [ids[3] as number] }));
    const fork = o.store.sessions.create({ workspace: '/ws', name: 'fork', mode: 'default' });
    const copies = ids.map((_, i) => o.store.transcript.append(fork.id, null, { role: 'user', content: `m${i + 1}` }));
    // The cut's own message was not copied: the cut moves back to the last copied message before it.
    const map = new Map([[ids[0] as number, copies[0] as number], [ids[1] as number, copies[1] as number], [ids[3] as number, copies[3] as number]]);
    const copy = o.compactions.copyLatestTo(o.sessionId, fork.id, map);
    expect(copy).toMatchObject({ sessionId: fork.id, coversThrough: copies[1], summary: 'S', prunedIds: [copies[3]] });
    expect(o.compactions.latest(fork.id)).toEqual(copy);
    o.store.close();
  });
});
