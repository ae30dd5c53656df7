import type { FileStamp } from './file-stamp';

/** Per session: the version of each file it last read in full or wrote itself. */
export class StampBook {
  private readonly bySession = new Map<string, Map<string, FileStamp>>();

  get(sessionId: string, path: string): FileStamp | undefined {
    return this.bySession.get(sessionId)?.get(path);
  }

  set(sessionId: string, path: string, stamp: FileStamp): void {
    let mine = this.bySession.get(sessionId);
    if (!mine) this.bySession.set(sessionId, (mine = new Map()));
    mine.set(path, stamp);
  }

  forget(sessionId: string, path: string): void {
    this.bySession.get(sessionId)?.delete(path);
  }

  dropSession(sessionId: string): void {
    this.bySession.delete(sessionId);
  }
}
