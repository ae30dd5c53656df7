import type Database from 'better-sqlite3';
import type { EngineEvent } from '../../../shared/events';
import type { SearchHit } from '../../../shared/search';
import type { Payloads } from './payloads';
import { searchDocOf, type DocSources } from './search-doc';
import { parseSearchQuery, sessionFilter, sessionToken } from './search-query';
import { snippetOf } from './search-snippet';
import { indexableText } from './search-text';

/**
 * Ranking reads the scores of at most this many matches, the newest first: a word found all over the history
 * (thousands of places) ranks its newest matches instead of scoring every one, which keeps a query within a few
 * milliseconds on any history. A query with fewer matches is ranked whole.
 */
export const RANK_WINDOW = 2000;
export const DEFAULT_HITS = 20;

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
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly payloads: Payloads,
  ) {}

  private q(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
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

  /** Indexes an event just stored under `seq`. Call in the transaction that stores it. */
  add(seq: number, event: EngineEvent): void {
    const doc = searchDocOf(event, this.sources);
    if (doc) this.q('INSERT INTO search_text (rowid, body, session) VALUES (?, ?, ?)').run(seq, indexableText(doc.text), sessionToken(event.sessionId));
  }

  /** A prompt's entry follows its text after an edit. Call in the transaction that changes it. */
  promptEdited(promptId: string): void {
    const rows = this.q(
      `SELECT e.seq AS seq, e.session_id AS sessionId, p.text AS text FROM prompts p
       JOIN events e ON e.session_id = p.session_id AND e.prompt_id = p.id AND e.type = 'prompt_queued'
       WHERE p.id = ?`,
    ).all(promptId) as { seq: number; sessionId: string; text: string }[];
    for (const r of rows) {
      this.q('INSERT OR REPLACE INTO search_text (rowid, body, session) VALUES (?, ?, ?)').run(r.seq, indexableText(r.text), sessionToken(r.sessionId));
    }
  }

  /**
   * The best matches of `text` (see parseSearchQuery for what it may hold), best first: bm25 over the newest
   * RANK_WINDOW matches, the newer first on a tie. `sessionId`: that session's history only.
   */
  search(input: { text: string; limit?: number; sessionId?: string }): SearchHit[] {
    const parsed = parseSearchQuery(input.text);
    if (!parsed) return [];
    const match = input.sessionId === undefined ? parsed.match : sessionFilter(parsed.match, input.sessionId);
    const ranked = this.q(
      `SELECT seq FROM (
         SELECT rowid AS seq, bm25(search_text, 1.0, 0.0) AS score FROM search_text
         WHERE search_text MATCH @match ORDER BY rowid DESC LIMIT @window
       ) ORDER BY score, seq DESC LIMIT @limit`,
    )
      .pluck()
      .all({ match, window: RANK_WINDOW, limit: input.limit ?? DEFAULT_HITS }) as number[];
    const row = this.q(
      `SELECT e.seq, e.event_json, s.ref, s.name, s.workspace, s.closed_at
       FROM events e JOIN sessions s ON s.id = e.session_id WHERE e.seq = ?`,
    );
    const hits: SearchHit[] = [];
    for (const seq of ranked) {
      const r = row.get(seq) as HitRow | undefined;
      if (!r) continue;
      const event = { ...(this.payloads.fromStoredJson(r.event_json) as EngineEvent), seq: r.seq };
      const doc = searchDocOf(event, this.sources);
      if (!doc) continue;
      hits.push({
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
        snippet: snippetOf(doc.text, parsed.terms),
      });
    }
    return hits;
  }
}
