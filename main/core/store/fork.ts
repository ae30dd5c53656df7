import type { Store, StoredMessage } from './store';
import type { PromptRow, SessionRow } from './rows';
import { newId, newRef } from './refs';
import { isTerminal } from '../../../shared/status';
import type { ChatMessage } from './chat-message';

export interface ForkCopy {
  row: SessionRow;
  /** Finished prompts copied, and prompts left out because they had not finished. */
  prompts: number;
  skippedPrompts: number;
  messages: number;
  /** Old message id → new message id, for rows that point at messages (the compacted view). */
  messageIds: ReadonlyMap<number, number>;
  /** Old prompt id → new prompt id. */
  promptIds: ReadonlyMap<string, string>;
  /** The first message of the source that belongs to a prompt left out (a turn in progress); null when none. */
  firstLeftOut: number | null;
}

/**
 * Copies a session's finished history into a new session with the same workspace and mode choice: the finished
 * prompts (kept as finished history, with their texts and outcomes; usage is not copied, the fork spent
 * nothing), the messages of those prompts and the session's own (the system prompt), and the read stamps.
 * Messages of a turn still in progress are left out, and so are tool calls that have no result (they are
 * dropped from their assistant message), so the copy is always a valid transcript for the API.
 * Runs in the caller's transaction; the source is only read.
 */
export function copySessionHistory(store: Store, source: SessionRow, name: string | null): ForkCopy {
  const row = store.createSession({ workspace: source.workspace, name, mode: source.chosen_mode });
  const prompts = store.listPrompts(source.id);
  const finished = prompts.filter((p) => isTerminal(p.status));
  const promptIds = new Map<string, string>();
  for (const p of finished) promptIds.set(p.id, insertPromptCopy(store, row.id, p));

  const all = store.listMessages(source.id);
  const kept = all.filter((m) => m.promptId === null || promptIds.has(m.promptId));
  const messageIds = new Map<number, number>();
  const unchanged = new Set(kept);
  for (const m of withoutDanglingCalls(kept)) {
    const promptId = m.promptId === null ? null : (promptIds.get(m.promptId) as string);
    // A count stays with its message; a message that lost a dangling call is counted again when needed.
    messageIds.set(m.id, store.appendMessage(row.id, promptId, m.message, unchanged.has(m) ? m.tokens : null));
  }

  // The fork's transcript shows the source's reads, so it knows the same file versions; the stamps must
  // still match the files on disk before a write, exactly as for the source.
  store.db
    .prepare(
      `INSERT INTO read_stamps (session_id, path, size, mtime_ms, sha256)
       SELECT ?, path, size, mtime_ms, sha256 FROM read_stamps WHERE session_id = ?`,
    )
    .run(row.id, source.id);

  return {
    row,
    prompts: finished.length,
    skippedPrompts: prompts.length - finished.length,
    messages: messageIds.size,
    messageIds,
    promptIds,
    firstLeftOut: all.find((m) => m.promptId !== null && !promptIds.has(m.promptId))?.id ?? null,
  };
}

/** The last stored event of a session (0 when none): where a fork's copy of it ends. */
export function lastEventSeq(store: Store, sessionId: string): number {
  const r = store.db.prepare('SELECT MAX(seq) AS seq FROM events WHERE session_id = ?').get(sessionId) as { seq: number | null };
  return r.seq ?? 0;
}

function insertPromptCopy(store: Store, sessionId: string, p: PromptRow): string {
  const id = newId();
  const ref = newRef((r) => store.db.prepare('SELECT 1 FROM prompts WHERE ref = ?').get(r) !== undefined);
  store.db
    .prepare(
      `INSERT INTO prompts (id, ref, session_id, position, text, status, error, error_msg, created_at, started_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(id, ref, sessionId, p.position, p.text, p.status, p.error, p.error_msg, p.created_at, p.started_at, p.finished_at);
  return id;
}

/**
 * The messages with every tool call that has no result removed from its assistant message (an assistant
 * message left with neither text nor calls is dropped), and results whose call is not kept removed too.
 */
export function withoutDanglingCalls(messages: readonly StoredMessage[]): StoredMessage[] {
  const answered = new Set(messages.flatMap((m) => (m.message.role === 'tool' ? [m.message.tool_call_id] : [])));
  const out: StoredMessage[] = [];
  const calls = new Set<string>();
  for (const m of messages) {
    const msg = m.message;
    if (msg.role === 'assistant' && msg.tool_calls?.length) {
      const keep = msg.tool_calls.filter((c) => answered.has(c.id));
      for (const c of keep) calls.add(c.id);
      if (keep.length === msg.tool_calls.length) {
        out.push(m);
        continue;
      }
      const message: ChatMessage =
        keep.length > 0 ? { role: 'assistant', content: msg.content, tool_calls: keep } : { role: 'assistant', content: msg.content ?? '' };
      if (keep.length === 0 && !msg.content) continue;
      out.push({ ...m, message });
      continue;
    }
    if (msg.role === 'tool' && !calls.has(msg.tool_call_id)) continue;
    out.push(m);
  }
  return out;
}
