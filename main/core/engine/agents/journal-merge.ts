import path from 'node:path';
import type { ConflictStore } from '../../conflicts/conflict-store';
import { sha256 } from '../../conflicts/file-stamp';
import { realPathOf } from '../../conflicts/real-path';

/** One file a merge wrote into the parent's folder, as `applyMergedTree` reports it. */
export interface MergedWrite {
  path: string;
  before: Buffer | null;
  after: Buffer | null;
}

/**
 * Records a merge written into a parent's folder in the change journal, file by file, as the writes of `by` (a
 * child here, or the parent's own prompt for a child on another machine), so undo covers them like any write.
 */
export function journalMerge(journal: ConflictStore, by: { sessionId: string; promptId: string | null; workspace: string; top: string }, written: readonly MergedWrite[]): void {
  for (const w of written) {
    journal.addJournal(
      {
        sessionId: by.sessionId,
        promptId: by.promptId,
        tool: 'Agent',
        workspace: by.workspace,
        path: realPathOf(path.join(by.top, w.path)),
        beforeSha: w.before === null ? null : sha256(w.before),
        afterSha: w.after === null ? null : sha256(w.after),
      },
      w.before,
    );
  }
}
