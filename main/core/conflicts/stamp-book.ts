import type { StampsRepository } from '../store/stamps';
import type { FileStamp } from './file-stamp';

/**
 * Per session: the version of each file it last read in full or wrote itself. Kept in memory for the check
 * (one map lookup) and, given the store's stamps, written through to `read_stamps` and loaded per session on
 * first use, so a restart does not make the model read its files again.
 */
export class StampBook {
  private readonly bySession = new Map<string, Map<string, FileStamp>>();

  constructor(private readonly stored?: Pick<StampsRepository, 'load' | 'put' | 'drop' | 'dropSession'>) {}

  private session(sessionId: string): Map<string, FileStamp> {
    let mine = this.bySession.get(sessionId);
    if (mine) return mine;
    mine = new Map();
    for (const { path, stamp } of this.stored?.load(sessionId) ?? []) mine.set(path, stamp);
    this.bySession.set(sessionId, mine);
    return mine;
  }

  get(sessionId: string, path: string): FileStamp | undefined {
    return this.session(sessionId).get(path);
  }

  /** Records a version the session knows (only existing files: `sha256` is not null). */
  set(sessionId: string, path: string, stamp: FileStamp): void {
    if (stamp.sha256 === null) return;
    this.session(sessionId).set(path, stamp);
    this.stored?.put(sessionId, path, { size: stamp.size, mtimeMs: stamp.mtimeMs, sha256: stamp.sha256 });
  }

  forget(sessionId: string, path: string): void {
    if (this.session(sessionId).delete(path)) this.stored?.drop(sessionId, path);
  }

  /** A closed session checks nothing any more. */
  dropSession(sessionId: string): void {
    this.bySession.delete(sessionId);
    this.stored?.dropSession(sessionId);
  }
}
