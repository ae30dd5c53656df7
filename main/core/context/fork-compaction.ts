import type { ForkCopy } from '../store/fork';
import type { CompactionStore } from './compaction-store';
import type { CompactionRecord } from './compaction-types';

/**
 * Gives the fork the source's compacted view: the latest compaction that covers no message of a turn left out
 * (its summary and prompt list could describe that turn), its message ids re-pointed to the copies. A cut on a
 * message that was not copied moves back to the last copied message before it; pruned outputs that were not
 * copied are dropped. Without such a compaction the fork's view is its whole copied transcript.
 */
export function copyCompaction(
  compactions: Pick<CompactionStore, 'list' | 'add'>,
  sourceId: string,
  copy: Pick<ForkCopy, 'row' | 'messageIds' | 'firstLeftOut'>,
): CompactionRecord | null {
  const usable = compactions
    .list(sourceId)
    .filter((c) => copy.firstLeftOut === null || c.coversThrough === null || c.coversThrough < copy.firstLeftOut)
    .at(-1);
  if (!usable) return null;
  let coversThrough: number | null = null;
  if (usable.coversThrough !== null) {
    for (const [oldId, newId] of copy.messageIds) {
      if (oldId <= usable.coversThrough && (coversThrough === null || newId > coversThrough)) coversThrough = newId;
    }
    // Nothing before the cut was copied (not even the system prompt): the head would stand for nothing.
    if (coversThrough === null) return null;
  }
  const prunedIds = usable.prunedIds.flatMap((id) => {
    const mapped = copy.messageIds.get(id);
    return mapped === undefined ? [] : [mapped];
  });
  const { id: _id, createdAt: _createdAt, ...rest } = usable;
  return compactions.add({ ...rest, sessionId: copy.row.id, coversThrough, prunedIds });
}
