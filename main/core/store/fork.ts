import type { Store, StoredMessage } from './store';
import type { PromptRow, SessionRow } from './rows';
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
 * `copyPrompt` writes a prompt's copy in the new session (prompt rows have one writer) and returns its id.
 * Runs in the caller's transaction; the source is only read.
 */
export function copySessionHistory(
  store: Store,
  source: SessionRow,
  name: string | null,
  copyPrompt: (sessionId: string, prompt: PromptRow) => string,
): ForkCopy {
  const row = store.sessions.create({ workspace: source.workspace, name, mode: source.chosen_mode });
  const prompts = store.prompts.list(source.id);
  const finished = prompts.filter((p) => isTerminal(p.status));
  const promptIds = new Map<string, string>();
  for (const p of finished) promptIds.set(p.id, copyPrompt(row.id, p));

  const all = store.transcript.list(source.id);
  const kept = all.filter((m) => m.promptId === null || promptIds.has(m.promptId));
  const messageIds = new Map<number, number>();
  const unchanged = new Set(kept);
  for (const m of withoutDanglingCalls(kept)) {
    const promptId = m.promptId === null ? null : (promptIds.get(m.promptId) as string);
    // A count stays with its message; a message that lost a dangling call is counted again when needed.
    messageIds.set(m.id, store.transcript.append(row.id, promptId, m.message, unchanged.has(m) ? m.tokens : null));
  }

  // The fork's transcript shows the source's reads, so it knows the same file versions; the stamps must
  // still match the files on disk before a write, exactly as for the source.
  store.stamps.copy(source.id, row.id);

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
