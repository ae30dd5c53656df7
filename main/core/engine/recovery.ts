import { join } from 'node:path';
import { msg } from '../../../shared/i18n/message';
import type { Store } from '../store/store';
import { createTempJournal, removeRecordedTempFiles, TEMP_JOURNAL_DIR, type TempFileJournal } from '../tools/temp-journal';
import type { PromptRow } from '../store/rows';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import { leftMidTurn } from './read-only-status';

const INTERRUPTED_REASON = msg('reasons.turnStopInterrupted');

/**
 * Turns left mid-way by an engine that stopped (a crash, `kill -9`, a closed terminal). The engine opening the
 * data folder holds its lock, so no other process is running them: they are marked `interrupted`, which is what
 * every list then shows, until a person or a command resumes or discards them. Returns them.
 */
export function markInterrupted(store: Store, prompts: PromptLifecycle): PromptRow[] {
  const left = store
    .prompts.withStatus(['running', 'waiting_approval', 'conflict'])
    // A prompt held at a conflict before it started is still only queued work: its preflight wait is rebuilt. The
    // same rule makes readers show such prompts `interrupted` while no engine holds the folder (read-only-status.ts).
    .filter((p) => leftMidTurn({ status: p.status, startedAt: p.started_at }));
  return left.map((p) => prompts.transition(p.id, 'interrupted', { reason: INTERRUPTED_REASON }));
}

/**
 * Interrupted turns whose last activity is recent enough go back to their queue by themselves (an app restarted
 * after a crash picks up where it was); older ones wait for Resume or Discard, so work does not restart days
 * later, after newer turns, without anyone asking. `windowMs` 0 resumes nothing.
 */
export function autoResume(store: Store, prompts: PromptLifecycle, opts: { windowMs: number; now: number }): string[] {
  const sessions = new Set<string>();
  if (opts.windowMs <= 0) return [];
  for (const p of store.prompts.withStatus(['interrupted'])) {
    const last = store.events.lastActivityOf(p.id);
    if (last === null || opts.now - Date.parse(last) > opts.windowMs) continue;
    prompts.transition(p.id, 'queued');
    sessions.add(p.session_id);
  }
  return [...sessions];
}

/**
 * The data folder's journal of temp files, after removing the ones a process that stopped left behind: a Write or
 * Edit killed while its temp file was being filled (the names were recorded before the files were created).
 * Called under the data folder's lock, before any turn runs.
 */
export function recoverTempFiles(home: string): TempFileJournal {
  const dir = join(home, TEMP_JOURNAL_DIR);
  removeRecordedTempFiles(dir);
  return createTempJournal(dir);
}
