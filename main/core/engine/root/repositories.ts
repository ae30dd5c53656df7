import { ConflictStore } from '../../conflicts/conflict-store';
import { StampBook } from '../../conflicts/stamp-book';
import { CompactionStore } from '../../context/compaction-store';
import { InstructionsTracker } from '../../context/instructions-tracker';
import type { OpenData } from './data';

/** The repositories kept outside the store, each the one owner of its tables, built once on the store's connection. */
export interface OutsideRepositories {
  /** Conflicts, preflight claims and the change journal (conflicts/). */
  conflicts: ConflictStore;
  /** The sessions' read stamps, kept in memory over the store's `read_stamps`. */
  stamps: StampBook;
  /** Each compaction of a session's view (context/). */
  compactions: CompactionStore;
  /** The project instructions each session was last sent (context/). */
  tracker: InstructionsTracker;
}

export function buildRepositories(data: Pick<OpenData, 'store' | 'db'>): OutsideRepositories {
  return {
    conflicts: new ConflictStore(data.db),
    stamps: new StampBook(data.store.stamps),
    compactions: new CompactionStore(data.db),
    tracker: new InstructionsTracker(data.db),
  };
}
