import type { Db } from './db';

/**
 * The store's one transaction wrapper (better-sqlite3 makes a nested call a savepoint). Repositories that keep
 * something in memory for the rows they write register what a rollback undoes and what the end of the outermost
 * transaction clears.
 */
export class Tx {
  private readonly runTx: (fn: () => unknown) => unknown;
  private readonly rollbacks: ((outer: boolean) => void)[] = [];
  private readonly settles: (() => void)[] = [];

  constructor(private readonly db: Db) {
    this.runTx = db.transaction((fn: () => unknown) => fn());
  }

  /** Whether a transaction is open on the connection. */
  get open(): boolean {
    return this.db.inTransaction;
  }

  /** Called when a transaction (all of it, `outer`, or a savepoint) rolls back. */
  onRollback(fn: (outer: boolean) => void): void {
    this.rollbacks.push(fn);
  }

  /** Called when the outermost transaction has ended, committed or rolled back. */
  onSettled(fn: () => void): void {
    this.settles.push(fn);
  }

  run<T>(fn: () => T): T {
    const outer = !this.db.inTransaction;
    try {
      return this.runTx(fn) as T;
    } catch (e) {
      for (const undo of this.rollbacks) undo(outer);
      throw e;
    } finally {
      if (outer && !this.db.inTransaction) for (const settle of this.settles) settle();
    }
  }

  /** A write whose row references payloads written just before it: both in one transaction. */
  withPayloads<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.run(fn);
  }
}
