import type Database from 'better-sqlite3';
import type { EngineEvent } from '../../../shared/events';
import type { SearchHit } from '../../../shared/search';
import type { Payloads } from './payloads';
import { SEARCHED_EVENT_TYPES, searchDocOf, type DocSources } from './search-doc';
import { bodyMatch, parseSearchQuery, sessionFilter, sessionToken, type QueryPart } from './search-query';
import { snippetOf } from './search-snippet';
import { prepared } from './statements';
import { bm25, collectionOf } from './search-rank';
import { distinctWords, indexableText, wordList } from './search-text';

/**
 * A query ranks its newest matches, at most this many (a word found all over the history ranks the newest places it
 * is found, not all of them): each is read and scored (bm25, search-rank.ts). A query with fewer matches ranks all.
 */
export const CANDIDATES = 100;
/** A word's count of entries is counted up to this many; beyond, it is estimated from how far back they reach. */
const COUNT_CAP = 10_000;
export const DEFAULT_HITS = 20;
/** The table's prefix indexes (prefix = '2 3'): a last word this short is looked up through them. */
const INDEXED_PREFIX = 3;
/** A last word that starts more words than this is left to FTS5's own prefix search. */
export const MAX_EXPANSIONS = 64;
/**
 * Characters of one text that are indexed: as much as Read shows of a file. A Write of a 20 MB file is found by
 * its beginning; indexing all of it would store an index half the file's size beside the file.
 */
export const MAX_INDEXED_CHARS = 256 * 1024;

/** What of an entry's text is indexed: its first MAX_INDEXED_CHARS characters. */
export const indexedPart = (text: string): string => (text.length > MAX_INDEXED_CHARS ? text.slice(0, MAX_INDEXED_CHARS) : text);

/** The queue is written at once when it holds this many entries or characters of text. */
const QUEUE_MAX_ENTRIES = 2000;
const QUEUE_MAX_CHARS = 8 * 1024 * 1024;

interface PendingEntry {
  seq: number;
  sessionId: string;
  type: EngineEvent['type'];
  text: string;
}

interface HitRow {
  seq: number;
  event_json: string;
  ref: string;
  name: string | null;
  workspace: string;
  closed_at: string | null;
}

/**
 * The full-text index of the stored history (table `search_text`, migration 013): one entry per stored event that
 * carries text (search-doc.ts), keyed by the event's seq, so a hit names the place the transcript shows. The
 * index keeps no copy of the texts (a contentless FTS5 table); snippets are cut from the stored rows.
 */
export class SearchIndex {
  /** Entries of events stored since the last flush, in the order they were stored. */
  private pending: PendingEntry[] = [];
  private pendingChars = 0;
  private scheduled = false;

  constructor(
    private readonly db: Database.Database,
    private readonly payloads: Payloads,
    /** When the queued entries are written: on the next turn of the event loop, unless a reader needs them first. */
    private readonly later: (flush: () => void) => void = (flush) => void setImmediate(flush),
  ) {}

  private q(sql: string): Database.Statement {
    return prepared(this.db, sql);
  }

  readonly sources: DocSources = {
    promptText: (promptId) => (this.q('SELECT text FROM prompts WHERE id = ?').pluck().get(promptId) as string | undefined) ?? null,
    toolOutput: (sessionId, promptId, callId, before) => {
      // Call ids come from the model and may repeat: the call of this prompt that finished last before the event.
      const stored = this.q(
        `SELECT output FROM tool_calls
         WHERE session_id = ? AND call_id = ? AND prompt_id IS ? AND output IS NOT NULL AND finished_at <= ?
         ORDER BY finished_at DESC, rowid DESC LIMIT 1`,
      )
        .pluck()
        .get(sessionId, callId, promptId, before) as string | undefined;
      return stored === undefined ? null : this.payloads.fromStoredText(stored);
    },
  };

  /**
   * Indexes an event just stored under `seq`, and lists its words (`listWords` false: the caller lists them from
   * the index afterwards). Call in the transaction that stores it. `sources`: the stored rows' texts, read from
   * SQLite unless the caller already holds them.
   */
  add(seq: number, event: EngineEvent, listWords = true, sources: DocSources = this.sources): void {
    const doc = searchDocOf(event, sources);
    if (!doc) return;
    this.write(seq, event.sessionId, doc.text, listWords);
  }

  /**
   * Queues the entry of an event just stored under `seq` (its text taken now, from `sources` while the rows it
   * reads are the ones just written), to be written with the others of this turn of the event loop in one
   * transaction of its own: FTS5 writes a segment per commit, so an entry in each of a step's small commits cost
   * more than the commit itself. Searches, edits and closing flush the queue first, so no reader sees it behind.
   */
  queue(seq: number, event: EngineEvent, sources: DocSources): void {
    const doc = searchDocOf(event, sources);
    if (!doc) return;
    this.pending.push({ seq, sessionId: event.sessionId, type: event.type, text: doc.text });
    this.pendingChars += doc.text.length;
    // A long synchronous run of writes (an import, a bulk build) never holds more than this before writing it.
    if (this.pending.length >= QUEUE_MAX_ENTRIES || this.pendingChars >= QUEUE_MAX_CHARS) this.flush();
    if (this.scheduled) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      if (this.db.open) this.flush();
    });
  }

  /**
   * Indexes the events stored after the newest entry: those a stopped process had queued but not written. Run as
   * the store opens; the tail after the newest entry is short (every turn stores texts).
   */
  catchUp(): number {
    const newest = (this.q('SELECT MAX(rowid) FROM search_text').pluck().get() as number | null) ?? 0;
    const marks = SEARCHED_EVENT_TYPES.map(() => '?').join(', ');
    const rows = this.q(`SELECT seq, event_json FROM events WHERE seq > ? AND type IN (${marks}) ORDER BY seq`).all(newest, ...SEARCHED_EVENT_TYPES) as { seq: number; event_json: string }[];
    if (rows.length === 0) return 0;
    this.db.transaction(() => {
      for (const r of rows) this.add(r.seq, { ...(this.payloads.fromStoredJson(r.event_json) as EngineEvent), seq: r.seq });
    })();
    return rows.length;
  }

  /** Writes the queued entries now; an entry whose event a rollback took back is dropped. */
  flush(): void {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    const stored = this.q('SELECT 1 FROM events WHERE seq = ? AND session_id = ? AND type = ?').pluck();
    this.db.transaction(() => {
      for (const e of batch) if (stored.get(e.seq, e.sessionId, e.type) !== undefined) this.write(e.seq, e.sessionId, e.text, true);
    })();
  }

  private write(seq: number, sessionId: string, text: string, listWords: boolean): void {
    const body = indexableText(indexedPart(text));
    this.q('INSERT OR REPLACE INTO search_text (rowid, body, session) VALUES (?, ?, ?)').run(seq, body, sessionToken(sessionId));
    if (!listWords) return;
    const add = this.q('INSERT OR IGNORE INTO search_terms (term) VALUES (?)');
    for (const word of distinctWords(body)) add.run(word);
  }

  /** A prompt's entry follows its text after an edit. Call in the transaction that changes it. */
  promptEdited(promptId: string): void {
    this.flush();
    const rows = this.q(
      `SELECT e.seq AS seq, e.session_id AS sessionId, p.text AS text FROM prompts p
       JOIN events e ON e.session_id = p.session_id AND e.prompt_id = p.id AND e.type = 'prompt_queued'
       WHERE p.id = ?`,
    ).all(promptId) as { seq: number; sessionId: string; text: string }[];
    for (const r of rows) this.write(r.seq, r.sessionId, r.text, true);
  }

  /**
   * The best matches of `text` (see parseSearchQuery for what it may hold), best first: bm25 over the newest
   * CANDIDATES matches, the newer first on a tie. `sessionId`: that session's history only.
   */
  search(input: { text: string; limit?: number; sessionId?: string }): SearchHit[] {
    this.flush();
    const parsed = parseSearchQuery(input.text);
    if (!parsed) return [];
    const lastWords = this.lastWordOptions(parsed.parts);
    const body = bodyMatch(parsed.parts, lastWords);
    const match = input.sessionId === undefined ? body : sessionFilter(body, input.sessionId);
    const seqs = this.q('SELECT rowid FROM search_text WHERE search_text MATCH ? ORDER BY rowid DESC LIMIT ?')
      .pluck()
      .all(match, CANDIDATES) as number[];
    if (seqs.length === 0) return [];

    const all = collectionOf(this.q(`SELECT block FROM search_text_data WHERE id = 1`).pluck().get() as Uint8Array | undefined);
    // How many entries hold each part, over the whole index (as bm25 weighs them), not only this session's.
    const frequencies = parsed.parts.map((part, i) => this.entriesWith(bodyMatch([part], i === parsed.parts.length - 1 ? lastWords : undefined)));
    const row = this.q(
      `SELECT e.seq, e.event_json, s.ref, s.name, s.workspace, s.closed_at
       FROM events e JOIN sessions s ON s.id = e.session_id WHERE e.seq = ?`,
    );
    const scored: { hit: Omit<SearchHit, 'snippet'>; text: string; score: number }[] = [];
    for (const seq of seqs) {
      const r = row.get(seq) as HitRow | undefined;
      if (!r) continue;
      const event = { ...(this.payloads.fromStoredJson(r.event_json) as EngineEvent), seq: r.seq };
      const doc = searchDocOf(event, this.sources);
      if (!doc) continue;
      const words = wordList(indexedPart(doc.text));
      scored.push({
        score: bm25(words, parsed.parts, frequencies, all),
        text: doc.text,
        hit: {
          sessionId: event.sessionId,
          sessionRef: r.ref,
          sessionName: r.name,
          workspace: r.workspace,
          closed: r.closed_at !== null,
          seq: r.seq,
          promptId: event.promptId,
          callId: event.type === 'tool_call' || event.type === 'tool_result' ? event.callId : null,
          tool: event.type === 'tool_call' || event.type === 'tool_result' ? event.tool : null,
          kind: doc.kind,
          ts: event.ts,
        },
      });
    }
    return scored
      .sort((a, b) => b.score - a.score || b.hit.seq - a.hit.seq)
      .slice(0, input.limit ?? DEFAULT_HITS)
      .map((s) => ({ ...s.hit, snippet: snippetOf(s.text, parsed.terms) }));
  }

  /**
   * How many entries match the expression: counted up to COUNT_CAP (newest first), beyond that estimated from the
   * share of the index's seqs those reach back over.
   */
  private entriesWith(match: string): number {
    const r = this.q('SELECT COUNT(*) AS n, MIN(seq) AS last FROM (SELECT rowid AS seq FROM search_text WHERE search_text MATCH ? ORDER BY rowid DESC LIMIT ?)')
      .get(match, COUNT_CAP) as { n: number; last: number | null };
    if (r.n < COUNT_CAP || r.last === null) return r.n;
    const first = this.q('SELECT MIN(id) FROM search_text_docsize').pluck().get() as number;
    const newest = this.q('SELECT MAX(id) FROM search_text_docsize').pluck().get() as number;
    return Math.round((r.n * (newest - first + 1)) / Math.max(1, newest - r.last + 1));
  }

  /**
   * The index's words that start with the last word typed, when it is longer than the prefix indexes reach and
   * starts few enough words; undefined leaves the prefix to FTS5.
   */
  private lastWordOptions(parts: readonly QueryPart[]): string[] | undefined {
    const last = parts.at(-1);
    const word = last?.prefix ? last.words.at(-1) : undefined;
    if (word === undefined || [...word].length <= INDEXED_PREFIX) return undefined;
    const options = this.q('SELECT term FROM search_terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ?')
      .pluck()
      .all(word, `${word}\u{10ffff}`, MAX_EXPANSIONS + 1) as string[];
    return options.length > MAX_EXPANSIONS ? undefined : options;
  }
}
