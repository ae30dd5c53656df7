// A session's summary (status, queue) comes from its active prompts and its last one, read through indexes, and
// says what the status derived from all its prompts says.
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openStore } from '../../main/core/store/store';
import { deriveSessionStatus } from '../../shared/session-status';
import type { PromptStatus } from '../../shared/status';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

const mode = { mode: 'default', source: 'default' } as const;

describe('session summaries', () => {
  it('derive status and queue from the active prompts and the last one, as from every prompt', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store } = t;
    const cases: PromptStatus[][] = [
      [],
      ['completed', 'completed', 'failed'],
      ['failed', 'completed'],
      ['completed', 'cancelled'],
      ['completed', 'running', 'queued', 'queued'],
      ['interrupted', 'completed', 'completed'],
      ['completed', 'paused', 'queued'],
      ['waiting_approval', 'queued', 'completed'],
      ['conflict', 'queued'],
      ['completed', 'queued'],
    ];
    for (const statuses of cases) {
      const s = store.sessions.create({ workspace: '/w', name: null, mode: null });
      for (const status of statuses) promptAt(t, s.id, 'x', status);
      const summary = store.summaries.session(store.sessions.get(s.id)!, mode);
      expect({ statuses, status: summary.status, queue: summary.queueLength }).toEqual({
        statuses,
        status: deriveSessionStatus({ closed: false, prompts: statuses, openConflict: false }),
        queue: statuses.filter((x) => x === 'queued').length,
      });
    }
    store.close();
  });

  it('reads the active prompts of a session through the (session, status) index', () => {
    const { store, db } = openStore(join(tempDir(), 'p.db'));
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT status FROM prompts WHERE session_id = ? AND status IN ('queued', 'running')`)
      .all('s') as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toContain('prompts_by_session_status');
    store.close();
  });
});
