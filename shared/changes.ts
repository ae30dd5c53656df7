import { z } from 'zod';

/*
 * What a session changed, for reviewing it before keeping it: from the change journal (every write of every
 * session, with the content before it), or for an isolated session from its worktree against the base it forked from.
 */

/** Another session that also changed a file (a write of its own, not undone). */
export const OtherWriter = z.object({ id: z.string(), ref: z.string(), name: z.string().nullable() });
export type OtherWriter = z.infer<typeof OtherWriter>;

export const FileChangeKind = z.enum(['added', 'modified', 'deleted']);
export type FileChangeKind = z.infer<typeof FileChangeKind>;

export const ChangedFile = z.object({
  /** The file's absolute path (inside the worktree for an isolated session): what `session.fileDiff` and `journal.undo` take. */
  path: z.string(),
  /** The path as shown: relative to the session's folder when inside it, else absolute. */
  display: z.string(),
  change: FileChangeKind,
  /** Lines added and removed; null when the file is binary or too large to count. */
  added: z.number().int().nullable(),
  removed: z.number().int().nullable(),
  binary: z.boolean(),
  /** Other sessions that changed this file too (for an isolated session, also the same file in the base folder). */
  otherSessions: z.array(OtherWriter),
  /** The change journal holds this session's writes to the file, so Revert can put it back. */
  revertable: z.boolean(),
  /** Someone else changed the file after this session's last write (the diff shows this session's own change). */
  changedSince: z.boolean(),
});
export type ChangedFile = z.infer<typeof ChangedFile>;

export const SessionChanges = z.object({
  sessionId: z.string(),
  sessionRef: z.string(),
  /** `journal`: the session's journaled writes in its folder; `worktree`: an isolated session's branch and files against its base. */
  source: z.enum(['journal', 'worktree']),
  /** The folder display paths are relative to. */
  root: z.string(),
  /** For an isolated session: its branch and the base branch it merges into. */
  worktree: z.object({ branch: z.string(), baseRef: z.string().nullable(), state: z.string() }).nullable(),
  files: z.array(ChangedFile),
});
export type SessionChanges = z.infer<typeof SessionChanges>;

/** One file's text before the session's changes and now; null text = the file did not exist (or is binary / too large). */
export const FileDiffContent = z.object({
  path: z.string(),
  display: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  binary: z.boolean(),
  /** A side is larger than the panel is sent (2 MB); neither text is given. */
  tooLarge: z.boolean(),
});
export type FileDiffContent = z.infer<typeof FileDiffContent>;
