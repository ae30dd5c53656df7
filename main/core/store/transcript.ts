import type { ChatMessage } from './chat-message';
import { Repository, type StoreParts } from './parts';
import { nowIso } from './refs';

/** How many sessions' parsed transcripts the store keeps in memory. */
const TRANSCRIPT_CACHE_SESSIONS = 256;

export interface StoredMessage {
  id: number;
  promptId: string | null;
  message: ChatMessage;
  /** The message's token count, kept once computed (null until counted; see main/core/context/message-tokens.ts). */
  tokens: number | null;
}

/** A session's messages (`messages`), append-only, with the parsed transcripts of the sessions at work in memory. */
export class TranscriptRepository extends Repository {
  /**
   * Parsed transcripts of the sessions at work, append-only like the table: filled by the first `list` of a held
   * session, extended by `append` after the row is written, dropped when the session is released.
   * Bounded (least recently used sessions are dropped first).
   */
  private readonly transcripts = new Map<string, StoredMessage[]>();
  /** Sessions whose cached transcript was appended to inside the open transaction. */
  private readonly txAppended = new Set<string>();
  /** Sessions at work (see hold): only their transcripts are cached. */
  private readonly held = new Set<string>();

  constructor(parts: StoreParts) {
    super(parts);
    parts.tx.onRollback((outer) => {
      // Rolled back (all of it, or a savepoint): cached transcripts appended to meanwhile may hold messages that
      // are no longer stored, so they are dropped and read again from SQLite when next asked for.
      for (const id of this.txAppended) this.transcripts.delete(id);
      if (outer) this.txAppended.clear();
    });
    parts.tx.onSettled(() => this.txAppended.clear());
  }

  append(sessionId: string, promptId: string | null, message: ChatMessage, tokens: number | null = null): number {
    const { payloads, tx } = this.parts;
    const { info, json } = tx.withPayloads(() => {
      const { stored, json } = payloads.toStoredJson(message);
      return {
        json,
        info: this.q('INSERT INTO messages (session_id, prompt_id, message_json, created_at, tokens) VALUES (?, ?, ?, ?, ?)')
          .run(sessionId, promptId, stored, nowIso(), tokens),
      };
    });
    const id = Number(info.lastInsertRowid);
    const cached = this.transcripts.get(sessionId);
    if (cached) {
      if (tx.open) this.txAppended.add(sessionId);
      // The cached copy is parsed back from the message's JSON, exactly as a fresh read would return it.
      cached.push({ id, promptId, message: JSON.parse(json) as ChatMessage, tokens });
    }
    return id;
  }

  /** The session's transcript in order. The returned array and its messages must not be modified. */
  list(sessionId: string): StoredMessage[] {
    let cached = this.transcripts.get(sessionId);
    if (cached) {
      this.transcripts.delete(sessionId);
    } else {
      const rows = this.q('SELECT id, prompt_id, message_json, tokens FROM messages WHERE session_id = ? ORDER BY id')
        .all(sessionId) as { id: number; prompt_id: string | null; message_json: string; tokens: number | null }[];
      cached = rows.map((r) => ({ id: r.id, promptId: r.prompt_id, message: this.parts.payloads.fromStoredJson(r.message_json) as ChatMessage, tokens: r.tokens }));
      // A session not at work (an export, a context view, a fork of an idle session) is read, not kept.
      if (!this.held.has(sessionId)) return cached;
      if (this.parts.tx.open) this.txAppended.add(sessionId);
      if (this.transcripts.size >= TRANSCRIPT_CACHE_SESSIONS) {
        const oldest = this.transcripts.keys().next().value;
        if (oldest !== undefined) this.transcripts.delete(oldest);
      }
    }
    this.transcripts.set(sessionId, cached);
    return cached.slice();
  }

  /**
   * The session is at work (its worker drains its queue): its transcript, read at every step, is kept in memory
   * until release. An idle session keeps nothing of its transcript in memory.
   */
  hold(sessionId: string): void {
    this.held.add(sessionId);
  }

  release(sessionId: string): void {
    this.held.delete(sessionId);
    this.transcripts.delete(sessionId);
  }

  /** Keeps a message's token count (computed after it was stored, e.g. for rows older than the count). */
  setTokens(id: number, tokens: number): void {
    const row = this.q('SELECT session_id FROM messages WHERE id = ?').get(id) as { session_id: string } | undefined;
    if (!row) return;
    this.q('UPDATE messages SET tokens = ? WHERE id = ?').run(tokens, id);
    const cached = this.transcripts.get(row.session_id);
    const at = cached ? cached.findLastIndex((m) => m.id === id) : -1;
    if (cached && at >= 0) {
      if (this.parts.tx.open) this.txAppended.add(row.session_id);
      // Replaced, not changed: arrays handed out earlier hold the old entry and must not see it move.
      cached[at] = { ...(cached[at] as StoredMessage), tokens };
    }
  }
}
