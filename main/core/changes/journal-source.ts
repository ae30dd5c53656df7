import type { FileChangeKind, OtherWriter } from '../../../shared/changes';
import type { JournalEntry } from '../conflicts';
import { ABSENT, readSide, sha256, UNAVAILABLE, type Side } from './text';

/** The change journal as this module reads it (the conflict engine's store writes it). */
export interface JournalReader {
  list(filter: { sessionId?: string; path?: string }): JournalEntry[];
  /** Content kept for undo, by its sha256. */
  blob(sha: string): Buffer | undefined;
}

/** How other sessions are named: what the store knows of them. */
export type WriterOf = (sessionId: string) => OtherWriter | null;

/** One file's two sides as the session left it: before its first write, and after its last one. */
export interface FileSides {
  before: Side;
  after: Side;
  changedSince: boolean;
}

/** The session's writes still in effect (not undone), by file, oldest first. */
export function writesByPath(journal: JournalReader, sessionId: string): Map<string, JournalEntry[]> {
  const byPath = new Map<string, JournalEntry[]>();
  for (const e of journal.list({ sessionId })) {
    if (e.undoneAt) continue;
    byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  }
  return byPath;
}

/** Sessions other than `sessionId` with writes (not undone) to any of `paths`, each once, oldest first. */
export function otherWriters(journal: JournalReader, paths: readonly string[], sessionId: string, writerOf: WriterOf): OtherWriter[] {
  const seen = new Map<string, OtherWriter>();
  for (const path of paths) {
    for (const e of journal.list({ path })) {
      if (e.sessionId === sessionId || e.undoneAt || seen.has(e.sessionId)) continue;
      const w = writerOf(e.sessionId);
      if (w) seen.set(e.sessionId, w);
    }
  }
  return [...seen.values()];
}

const kept = (journal: JournalReader, sha: string): Side => {
  const data = journal.blob(sha);
  return data ? { kind: 'bytes', data } : UNAVAILABLE;
};

/**
 * The file before the session's first write and after its last: the later side is the file on disk when it is
 * still what the session wrote, else (someone changed it since) the session's version if the journal kept it.
 */
export async function journalSides(journal: JournalReader, entries: readonly JournalEntry[], sessionId: string): Promise<FileSides> {
  const first = entries[0] as JournalEntry;
  const last = entries[entries.length - 1] as JournalEntry;
  const before = first.beforeSha === null ? ABSENT : first.beforeKept ? kept(journal, first.beforeSha) : UNAVAILABLE;
  const laterByOther = journal.list({ path: last.path }).some((e) => e.id > last.id && e.sessionId !== sessionId && !e.undoneAt);
  const disk = await readSide(last.path);
  const diskSha = disk.kind === 'bytes' ? sha256(disk.data) : disk.kind === 'absent' ? null : undefined;
  const same = diskSha !== undefined && diskSha === last.afterSha;
  if (same && !laterByOther) return { before, after: disk, changedSince: false };
  if (same) return { before, after: disk, changedSince: true };
  const after = last.afterSha === null ? ABSENT : kept(journal, last.afterSha);
  // The session's own version is gone from the journal too: show the file as it is now.
  return { before, after: after.kind === 'unavailable' && disk.kind !== 'unavailable' ? disk : after, changedSince: true };
}

export const changeKind = (before: Side, after: Side): FileChangeKind | null => {
  if (before.kind === 'absent' && after.kind === 'absent') return null;
  if (before.kind === 'absent') return 'added';
  if (after.kind === 'absent') return 'deleted';
  if (before.kind === 'bytes' && after.kind === 'bytes' && before.data.equals(after.data)) return null;
  return 'modified';
};
