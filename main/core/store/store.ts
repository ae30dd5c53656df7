import type { Db } from './db';
import { Checkpointer } from './checkpointer';
import { openDatabase, openDatabaseReadOnly } from './db';
import { Payloads } from './payloads';
import { SearchIndex } from './search-index';
import type { StoreParts } from './parts';
import { Tx } from './tx';
import { WrittenTexts } from './written-texts';
import { SessionsRepository } from './sessions';
import { PromptsRepository, PromptWrites } from './prompts';
import { TranscriptRepository } from './transcript';
import { ToolCallsRepository } from './tool-calls';
import { ApprovalsRepository } from './approvals';
import { UsageRepository } from './usage';
import { EventsRepository } from './events';
import { WorktreesRepository } from './worktrees';
import { StampsRepository } from './stamps';
import { AgentChildrenRepository } from './agent-children';
import { Summaries } from './summaries';

export type { StoredMessage } from './transcript';
export type { PricedUsage, RecordedUsage, UsageInput, UsagePrice } from './usage';

/**
 * Everything the engine persists, one repository per table group. Small synchronous queries: better-sqlite3 is
 * fastest used that way.
 */
export class Store {
  private readonly db: Db;
  private readonly txn: Tx;
  /** Full-text index of the stored events, written once per turn of the event loop (see search-index.ts). */
  readonly search: SearchIndex;
  readonly sessions: SessionsRepository;
  /** Reads alone: a prompt row is written through PromptWrites, which openStore hands to the composition root. */
  readonly prompts: PromptsRepository;
  readonly transcript: TranscriptRepository;
  readonly toolCalls: ToolCallsRepository;
  readonly approvals: ApprovalsRepository;
  readonly usage: UsageRepository;
  readonly events: EventsRepository;
  readonly worktrees: WorktreesRepository;
  readonly stamps: StampsRepository;
  /** The children of sessions' Agent calls (written by the engine's agents service alone). */
  readonly agentChildren: AgentChildrenRepository;
  /** The rows mapped to the contract's summaries. */
  readonly summaries: Summaries;

  /** Runs the WAL's checkpoints on a worker thread (none for a read-only or in-memory store). */
  readonly checkpointer: Checkpointer | null = null;

  /** `readonly`: an existing database, read as it is (see openDatabaseReadOnly); every write throws. */
  constructor(file: string, opts: { readonly?: boolean } = {}) {
    const db = opts.readonly ? openDatabaseReadOnly(file) : openDatabase(file);
    this.db = db;
    this.txn = new Tx(db);
    // Long strings of the rows are stored once and referenced (see payloads.ts).
    const payloads = new Payloads(db);
    this.search = new SearchIndex(db, payloads);
    if (!opts.readonly) this.search.catchUp();
    if (!opts.readonly && file !== ':memory:') {
      const checkpointer = new Checkpointer(db, file);
      this.checkpointer = checkpointer;
      this.txn.onSettled(() => checkpointer.committed());
    }
    const written = new WrittenTexts(this.search);
    this.txn.onSettled(() => written.clear());
    const parts: StoreParts = { db, tx: this.txn, payloads, search: this.search, written };
    this.sessions = new SessionsRepository(parts);
    this.prompts = new PromptsRepository(parts);
    handles.set(this, { db, promptWrites: new PromptWrites(parts) });
    this.transcript = new TranscriptRepository(parts);
    this.toolCalls = new ToolCallsRepository(parts);
    this.approvals = new ApprovalsRepository(parts);
    this.usage = new UsageRepository(parts);
    this.events = new EventsRepository(parts, { session: (id) => this.sessions.get(id), prompt: (id) => this.prompts.get(id) });
    this.worktrees = new WorktreesRepository(parts);
    this.stamps = new StampsRepository(db);
    this.agentChildren = new AgentChildrenRepository(parts);
    this.summaries = new Summaries({
      db,
      session: (id) => this.sessions.get(id),
      prompt: (id) => this.prompts.get(id),
      toolCall: (id) => this.toolCalls.get(id),
      worktree: (id) => this.worktrees.get(id),
    });
  }

  tx<T>(fn: () => T): T {
    return this.txn.run(fn);
  }

  /** Whether the database is still open (close not called yet). */
  get open(): boolean {
    return this.db.open;
  }

  close(): void {
    // The search index's queued entries go in before the connection closes: nothing stored is left unindexed.
    if (this.db.open && !this.db.readonly) this.search.flush();
    this.checkpointer?.close();
    this.db.close();
  }
}

/** Each store's connection and prompt writes, reachable through openStore alone. */
const handles = new WeakMap<Store, { db: Db; promptWrites: PromptWrites }>();

/**
 * Opens the store and hands back what only a composition root may hold: the connection, to build the repositories
 * kept outside the store (ConflictStore, CompactionStore, InstructionsTracker) on it once, and the prompt rows'
 * writes, for the prompt lifecycle alone.
 */
export function openStore(file: string, opts: { readonly?: boolean } = {}): { store: Store; db: Db; promptWrites: PromptWrites } {
  const store = new Store(file, opts);
  return { store, ...(handles.get(store) as { db: Db; promptWrites: PromptWrites }) };
}
