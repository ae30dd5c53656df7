import type { EngineEvent, EngineEventDraft } from '../../../shared/events';
import { EngineEvent as EngineEventSchema } from '../../../shared/events';
import { Repository, type StoreParts } from './parts';
import { nowIso } from './refs';
import type { PromptRow, SessionRow } from './rows';

/** How many sessions' and prompts' refs and names the store keeps for stamping events. */
const REF_CACHE_MAX = 4096;

/** The rows an event is stamped from: its session's and prompt's refs and names. */
export interface EventStampReads {
  session(id: string): SessionRow | undefined;
  prompt(id: string): PromptRow | undefined;
}

/** `events`: every stored event, stamped, queued for the search index as it is written (see search-index.ts). */
export class EventsRepository extends Repository {
  private readonly refCache = new Map<string, { ref: string; name: string | null }>();

  constructor(
    parts: StoreParts,
    private readonly reads: EventStampReads,
  ) {
    super(parts);
  }

  /** Refs and names never change once given, so events are stamped from memory on the hot path. */
  private names(id: string, load: () => { ref: string; name?: string | null } | undefined): { ref: string; name: string | null } | undefined {
    const hit = this.refCache.get(id);
    if (hit) return hit;
    const row = load();
    if (!row) return undefined;
    const entry = { ref: row.ref, name: row.name ?? null };
    this.refCache.set(id, entry);
    // Every prompt adds one: a long-running engine keeps the newest only (an old one is read again if it speaks).
    if (this.refCache.size > REF_CACHE_MAX) {
      const oldest = this.refCache.keys().next().value;
      if (oldest !== undefined) this.refCache.delete(oldest);
    }
    return entry;
  }

  /** Stamps and stores an event; ephemeral events get seq 0 and are not stored. */
  append(draft: EngineEventDraft, persist: boolean): EngineEvent {
    const session = this.names(draft.sessionId, () => this.reads.session(draft.sessionId));
    const prompt = draft.promptId ? this.names(draft.promptId, () => this.reads.prompt(draft.promptId as string)) : undefined;
    const stamped = {
      ...draft,
      seq: 0,
      ts: nowIso(),
      sessionRef: session?.ref ?? '',
      sessionName: session?.name ?? null,
      promptRef: prompt?.ref ?? null,
    } as EngineEvent;
    if (!persist) return stamped;
    const { payloads, search, tx, written } = this.parts;
    // Published with its values whole; stored with long strings as references.
    const info = tx.withPayloads(() => {
      const row = this.q('INSERT INTO events (ts, type, session_id, prompt_id, event_json) VALUES (?, ?, ?, ?, ?)')
        .run(stamped.ts, stamped.type, stamped.sessionId, stamped.promptId, payloads.toStoredJson(stamped).stored);
      search.queue(Number(row.lastInsertRowid), stamped, written.sources);
      return row;
    });
    stamped.seq = Number(info.lastInsertRowid);
    return stamped;
  }

  /**
   * When the prompt last did something: its newest stored event, not counting the mark that it was interrupted
   * (that mark is written by whichever engine opens the data folder next, possibly much later).
   */
  lastActivityOf(promptId: string): string | null {
    const p = this.reads.prompt(promptId);
    if (!p) return null;
    const row = this.q(
        `SELECT MAX(ts) AS ts FROM events WHERE session_id = ? AND prompt_id = ?
           AND NOT (type = 'prompt_status' AND json_extract(event_json, '$.status') = 'interrupted')`,
      )
      .get(p.session_id, promptId) as { ts: string | null };
    return row.ts ?? p.started_at ?? p.created_at;
  }

  /** The last stored event of a session (0 when none): where a fork's copy of it ends. */
  /** How many stored events of one type a session has (read through its index, not by loading them). */
  countOfType(sessionId: string, type: EngineEvent['type']): number {
    return (this.q('SELECT COUNT(*) AS n FROM events WHERE session_id = ? AND type = ?').get(sessionId, type) as { n: number }).n;
  }

  lastSeq(sessionId: string): number {
    const r = this.q('SELECT MAX(seq) AS seq FROM events WHERE session_id = ?').get(sessionId) as { seq: number | null };
    return r.seq ?? 0;
  }

  /**
   * Stored events, oldest first, one keyset page: the first `limit` after `afterSeq`, or the last `limit` before
   * `beforeSeq`. A session's page is read through its (session_id, seq) index, whatever the history's length.
   */
  list(filter: { sessionId?: string; afterSeq?: number; beforeSeq?: number; limit?: number }): EngineEvent[] {
    const session = filter.sessionId === undefined ? '' : 'session_id = @sid AND ';
    const before = filter.beforeSeq === undefined ? '' : ' AND seq < @before';
    const order = filter.beforeSeq === undefined ? 'seq' : 'seq DESC';
    const params = {
      after: filter.afterSeq ?? 0,
      limit: filter.limit ?? 100_000,
      ...(filter.sessionId === undefined ? {} : { sid: filter.sessionId }),
      ...(filter.beforeSeq === undefined ? {} : { before: filter.beforeSeq }),
    };
    const rows = this.q(`SELECT seq, event_json FROM events WHERE ${session}seq > @after${before} ORDER BY ${order} LIMIT @limit`)
      .all(params) as { seq: number; event_json: string }[];
    if (filter.beforeSeq !== undefined) rows.reverse();
    return rows.map((r) => {
      const parsed = EngineEventSchema.parse(this.parts.payloads.fromStoredJson(r.event_json));
      return { ...parsed, seq: r.seq };
    });
  }
}
