import path from 'node:path';
import type { ChangedFile, FileDiffContent, SessionChanges } from '../../../shared/changes';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { realPathOf, shownPath } from '../conflicts/real-path';
import type { Git } from '../worktree/git';
import type { WorktreeRow } from '../worktree';
import type { SessionRow } from '../store/rows';
import { changeKind, journalSides, otherWriters, writesByPath, type JournalReader, type WriterOf } from './journal-source';
import { readSide, sideFigures, sideTexts } from './text';
import { baseSide, worktreeBase, worktreeFiles, worktreeRel } from './worktree-source';

export interface ChangesDeps {
  journal: JournalReader;
  git: Git;
  worktreeOf(sessionId: string): WorktreeRow | undefined;
  writerOf: WriterOf;
}

/** An isolated session whose worktree is still there reviews against its base; every other session against the journal. */
const liveWorktree = (d: ChangesDeps, s: SessionRow): WorktreeRow | null => {
  const wt = d.worktreeOf(s.id);
  return wt && wt.state !== 'removed' ? wt : null;
};

/** Every file the session changed, with line counts and the other sessions that changed it too. */
export async function sessionChanges(d: ChangesDeps, s: SessionRow): Promise<Result<SessionChanges>> {
  const wt = liveWorktree(d, s);
  const writes = writesByPath(d.journal, s.id);
  const head = { sessionId: s.id, sessionRef: s.ref };
  if (wt) {
    const listed = await worktreeFiles(d.git, wt);
    if (!listed.ok) return listed;
    const files: ChangedFile[] = [];
    for (const f of listed.value.files) {
      const own = writes.get(f.abs);
      const changedSince = own ? (await journalSides(d.journal, own, s.id)).changedSince : false;
      files.push({
        path: f.abs,
        display: f.rel,
        change: f.change,
        added: f.added,
        removed: f.removed,
        binary: f.binary,
        otherSessions: otherWriters(d.journal, [f.abs, f.baseAbs], s.id, d.writerOf),
        revertable: own !== undefined,
        changedSince,
      });
    }
    return ok({ ...head, source: 'worktree', root: wt.path, worktree: { branch: wt.branch, baseRef: wt.base_ref, state: wt.state }, files });
  }
  const files: ChangedFile[] = [];
  for (const [file, entries] of writes) {
    const sides = await journalSides(d.journal, entries, s.id);
    const change = changeKind(sides.before, sides.after);
    if (!change) continue;
    files.push({
      path: file,
      display: shownPath(realPathOf(s.workspace), file),
      change,
      ...sideFigures(sides.before, sides.after),
      otherSessions: otherWriters(d.journal, [file], s.id, d.writerOf),
      revertable: true,
      changedSince: sides.changedSince,
    });
  }
  files.sort((a, b) => a.display.localeCompare(b.display));
  return ok({ ...head, source: 'journal', root: s.workspace, worktree: null, files });
}

/** One file's text before the session's changes and after them; only files the session changed (or its worktree's) are read. */
export async function sessionFileDiff(d: ChangesDeps, s: SessionRow, file: string): Promise<Result<FileDiffContent>> {
  const abs = realPathOf(path.resolve(s.workspace, file));
  const wt = liveWorktree(d, s);
  if (wt) {
    const rel = worktreeRel(wt, abs);
    if (!rel.ok) return rel;
    const base = await worktreeBase(d.git, wt);
    if (!base.ok) return base;
    const before = await baseSide(d.git, wt, base.value, rel.value);
    return ok({ path: abs, display: rel.value, ...sideTexts(before, await readSide(abs)) });
  }
  const entries = writesByPath(d.journal, s.id).get(abs);
  if (!entries) return err('not_found', msg('engineErrors.request.noWritesTo', { session: s.name ?? s.ref, path: file }));
  const sides = await journalSides(d.journal, entries, s.id);
  return ok({ path: abs, display: shownPath(realPathOf(s.workspace), abs), ...sideTexts(sides.before, sides.after) });
}

