export interface Lease {
  sessionId: string;
  promptId: string;
}

/**
 * Write leases: a file written by a session's turn stays leased to that session until the turn ends. Lookups
 * are one map access whatever the number of sessions or leases; release is proportional to the prompt's own.
 */
export class LeaseTable {
  private readonly byPath = new Map<string, Lease>();
  private readonly byPrompt = new Map<string, Set<string>>();

  get(path: string): Lease | undefined {
    return this.byPath.get(path);
  }

  /** The lease on `path` when it belongs to a session other than `sessionId`. */
  foreign(path: string, sessionId: string): Lease | undefined {
    const lease = this.byPath.get(path);
    return lease && lease.sessionId !== sessionId ? lease : undefined;
  }

  grant(path: string, lease: Lease): void {
    const prev = this.byPath.get(path);
    if (prev) this.byPrompt.get(prev.promptId)?.delete(path);
    this.byPath.set(path, lease);
    let mine = this.byPrompt.get(lease.promptId);
    if (!mine) this.byPrompt.set(lease.promptId, (mine = new Set()));
    mine.add(path);
  }

  releasePrompt(promptId: string): void {
    const mine = this.byPrompt.get(promptId);
    if (!mine) return;
    for (const p of mine) if (this.byPath.get(p)?.promptId === promptId) this.byPath.delete(p);
    this.byPrompt.delete(promptId);
  }

  /** Leases held by other sessions on paths inside `dir` (for destructive git checks; walks all leases). */
  foreignUnder(dir: string, sessionId: string, inside: (p: string, dir: string) => boolean): Map<string, Lease> {
    const found = new Map<string, Lease>();
    for (const [p, lease] of this.byPath) if (lease.sessionId !== sessionId && inside(p, dir)) found.set(p, lease);
    return found;
  }

  get size(): number {
    return this.byPath.size;
  }
}
