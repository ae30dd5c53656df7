import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../main/core/store/store';
import { migrate, migrations } from '../../main/core/store/migrations';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('migration 012 (costs and budgets)', () => {
  it('counts usage recorded before it as unpriced, starts without budgets, and keeps a budget whole', () => {
    const file = join(tempDir(), 'old.db');
    const db = new Database(file);
    const before = migrations.findIndex((m) => m.version === 12);
    migrate(db, migrations.slice(0, before));
    db.prepare(`INSERT INTO sessions (id, ref, workspace, created_at, total_tokens) VALUES ('s1', 'ref001', '/w', 'now', 1500)`).run();
    db.prepare(`INSERT INTO prompts (id, ref, session_id, position, text, status, created_at, total_tokens) VALUES ('p1', 'pre001', 's1', 1, 'old', 'completed', 'now', 1500)`).run();
    db.prepare(`INSERT INTO usage_records (session_id, prompt_id, provider, model, prompt_tokens, completion_tokens, total_tokens, ts) VALUES ('s1', 'p1', 'x', 'm', 1000, 500, 1500, '2025-01-01T00:00:00.000Z')`).run();
    db.close();

    const { store, db: opened } = openStore(file);
    expect(store.sessions.get('s1')).toMatchObject({ cost_usd: 0, unpriced_tokens: 1500, budget_unit: null, budget_limit: null });
    expect(store.prompts.get('p1')).toMatchObject({ cost_usd: 0, unpriced_tokens: 1500, budget_stop: null });
    expect(store.usage.since('2024-12-31T00:00:00.000Z')).toEqual({ promptTokens: 1000, completionTokens: 500, totalTokens: 1500, cost: { usd: 0, unpricedTokens: 1500 } });

    store.sessions.setBudget('s1', { unit: 'usd', limit: 2 });
    expect(store.sessions.get('s1')).toMatchObject({ budget_unit: 'usd', budget_limit: 2 });
    store.sessions.setBudget('s1', null);
    expect(store.sessions.get('s1')).toMatchObject({ budget_unit: null, budget_limit: null });
    // A unit without a limit, a limit without a unit, a limit of zero, an unknown unit: the table refuses them.
    expect(() => opened.prepare(`UPDATE sessions SET budget_unit = 'tokens' WHERE id = 's1'`).run()).toThrow(/CHECK constraint/);
    expect(() => opened.prepare(`UPDATE sessions SET budget_limit = 5 WHERE id = 's1'`).run()).toThrow(/CHECK constraint/);
    expect(() => opened.prepare(`UPDATE sessions SET budget_unit = 'tokens', budget_limit = 0 WHERE id = 's1'`).run()).toThrow(/CHECK constraint/);
    expect(() => opened.prepare(`UPDATE sessions SET budget_unit = 'euros', budget_limit = 5 WHERE id = 's1'`).run()).toThrow(/CHECK constraint/);
    store.close();
  });
});
