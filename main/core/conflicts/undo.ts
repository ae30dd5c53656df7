import { unlink } from 'node:fs/promises';
import { atomicWriteFile } from '../tools/atomic-write';
import type { ConflictContext } from './context';
import type { JournalEntry } from './conflict-store';
import { sessionLabel } from './conflict-events';
import { english, msg, type Msg } from '../../../shared/i18n/message';

export interface UndoReport {
  /** Files put back to the content they had before the session's first write. */
  restored: string[];
  /** Files the session had created, removed again. */
  deleted: string[];
  /** Files left alone, with the reason (another session or an editor changed them since). */
  refused: { path: string; reason: string; reasonMsg: Msg }[];
}

const refusal = (path: string, m: Msg): UndoReport['refused'][number] => ({ path, reason: english(m), reasonMsg: m });

const NO_SIGNAL = new AbortController().signal;

/**
 * Undoes one session's journaled writes, file by file (or only those to `path`, an absolute real path): each goes
 * back to its content before the session's first write, unless another session (or anyone else) changed it
 * since — those are refused and listed.
 */
export async function undoSessionWrites(ctx: ConflictContext, sessionId: string, opts: { dryRun?: boolean; path?: string } = {}): Promise<UndoReport> {
  const report: UndoReport = { restored: [], deleted: [], refused: [] };
  const byPath = new Map<string, JournalEntry[]>();
  for (const e of ctx.cstore.listJournal({ sessionId, path: opts.path })) {
    if (e.undoneAt) continue;
    byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  }
  for (const [path, entries] of byPath) {
    const first = entries[0] as JournalEntry;
    const last = entries[entries.length - 1] as JournalEntry;
    const later = ctx.cstore.listJournal({ path }).find((e) => e.id > first.id && e.sessionId !== sessionId && !e.undoneAt);
    if (later) {
      report.refused.push(refusal(path, msg('reasons.undoChangedBy', { who: sessionLabel(ctx, later.sessionId) })));
      continue;
    }
    const release = await ctx.locks.lockAll([path], `undo:${sessionId}`, NO_SIGNAL);
    try {
      const now = await ctx.files.snapshot(path);
      if (now.stamp.sha256 !== last.afterSha) {
        report.refused.push(refusal(path, msg('reasons.undoChangedOutside')));
        continue;
      }
      const blob = first.beforeSha === null ? null : ctx.cstore.blob(first.beforeSha);
      if (first.beforeSha !== null && (!first.beforeKept || !blob)) {
        report.refused.push(refusal(path, msg('reasons.undoTooLarge')));
        continue;
      }
      if (!opts.dryRun) {
        if (blob) await atomicWriteFile(path, blob);
        else await unlink(path).catch(() => undefined);
        const undoId = ctx.cstore.addJournal(
          { sessionId, promptId: null, tool: 'undo', workspace: first.workspace, path, beforeSha: now.stamp.sha256, afterSha: first.beforeSha },
          now.content,
        );
        ctx.cstore.markUndone([...entries.map((e) => e.id), undoId]);
      }
      (blob ? report.restored : report.deleted).push(path);
    } finally {
      release();
    }
  }
  return report;
}
