export interface Claim {
  promptId: string;
  sessionId: string;
  /** The claim key (`out:/real/abs/path`, `git:commit@/real/workspace`). */
  key: string;
  /** The key as the prompt declared it (`out:reports/result.json`), for messages. */
  shown: string;
}

/** Preflight claims of the queued and running prompts, indexed by resource; released when a prompt ends. */
export class ClaimTable {
  private readonly byKey = new Map<string, Map<string, Claim>>();
  private readonly byPrompt = new Map<string, Claim[]>();

  add(claims: readonly Claim[]): void {
    for (const c of claims) {
      let holders = this.byKey.get(c.key);
      if (!holders) this.byKey.set(c.key, (holders = new Map()));
      holders.set(c.promptId, c);
      const mine = this.byPrompt.get(c.promptId) ?? [];
      mine.push(c);
      this.byPrompt.set(c.promptId, mine);
    }
  }

  /** Active claims of other sessions on the same resources as `claims`. */
  overlapping(claims: readonly Claim[], sessionId: string): { mine: Claim; theirs: Claim }[] {
    const found: { mine: Claim; theirs: Claim }[] = [];
    for (const mine of claims) {
      for (const theirs of this.byKey.get(mine.key)?.values() ?? []) {
        if (theirs.sessionId !== sessionId) found.push({ mine, theirs });
      }
    }
    return found;
  }

  release(promptId: string): void {
    for (const c of this.byPrompt.get(promptId) ?? []) {
      const holders = this.byKey.get(c.key);
      holders?.delete(promptId);
      if (holders?.size === 0) this.byKey.delete(c.key);
    }
    this.byPrompt.delete(promptId);
  }

  has(promptId: string): boolean {
    return this.byPrompt.has(promptId);
  }
}
