import type { RequestHandlers } from '../../../shared/api';
import { sessionChanges, sessionFileDiff } from '../changes';
import type { ConflictStore } from '../conflicts/conflict-store';
import type { HostEnv } from '../host-env';
import type { Store } from '../store/store';
import { createGit } from '../worktree/git';

export type ChangesRequestNames = 'session.changes' | 'session.fileDiff';

/** Reviewing a session's changes: the files it changed and each file's text before and after (read-only). */
export function createChangesHandlers(d: {
  store: Store;
  host: HostEnv;
  /** The change journal: written by the conflict engine; this only reads it (its rows and the contents kept for undo). */
  journal: Pick<ConflictStore, 'listJournal' | 'blob'>;
}): Pick<RequestHandlers, ChangesRequestNames> {
  const { store } = d;
  const cstore = d.journal;
  const deps = {
    journal: { list: (filter: { sessionId?: string; path?: string }) => cstore.listJournal(filter), blob: (sha: string) => cstore.blob(sha) },
    git: createGit(d.host.env),
    worktreeOf: (sessionId: string) => store.worktrees.get(sessionId),
    writerOf: (sessionId: string) => {
      const s = store.sessions.get(sessionId);
      return s ? { id: s.id, ref: s.ref, name: s.name } : null;
    },
  };
  return {
    'session.changes': async ({ session }) => {
      const s = store.sessions.resolve(session);
      return s.ok ? sessionChanges(deps, s.value) : s;
    },
    'session.fileDiff': async ({ session, path }) => {
      const s = store.sessions.resolve(session);
      return s.ok ? sessionFileDiff(deps, s.value, path) : s;
    },
  };
}
