import { withoutReasoning } from '../model/provider-message';
import type { ChatMessage } from '../model/types';
import type { CompactionRecord, ModelView, TranscriptRow, ViewCounter } from './compaction-types';
import { callOutcomes, withInputStubs, type CallOutcome } from './input-stubs';
import { REPLY_PRIMING_TOKENS } from './tokens';
import { stubMessage, toolCallsById } from './view-stubs';

/** What the head message says first, so the model knows the history above it was condensed. */
export const HEAD_INTRO =
  '[Context compacted: the earlier part of this session is condensed below. The full transcript is kept in the session store.]';

/** The parts of a record that make the head message. */
export type HeadParts = Pick<CompactionRecord, 'summary' | 'note' | 'promptsBlock'>;

/** The message that stands for the covered history: the summary, the note, then the person's prompts. */
export function headMessage(parts: HeadParts): ChatMessage {
  const sections = [HEAD_INTRO];
  if (parts.summary !== null) sections.push(`## Summary of the session so far\n\n${parts.summary}`);
  if (parts.note !== null) sections.push(parts.note);
  if (parts.promptsBlock !== null) sections.push(parts.promptsBlock);
  return { role: 'user', content: sections.join('\n\n') };
}

/** A message's tokens as the model is shown it (large file-text inputs as stubs: see input-stubs.ts). */
export function shownTokens(message: ChatMessage, counter: Pick<ViewCounter, 'countMessage'>): number {
  return counter.countMessage(withInputStubs(message));
}

/** A row's tokens: the count stored with it, else counted now. */
export function rowTokens(row: TranscriptRow, counter: ViewCounter): number {
  return row.tokens ?? shownTokens(row.message, counter);
}

export interface BuildViewInput {
  /** The system prompt of this request (with the project instructions); the stored system message is not used. */
  system: string;
  /** The session's whole stored transcript, in order. */
  messages: readonly TranscriptRow[];
  /** The session's latest compaction, or null. */
  compaction: CompactionRecord | null;
  counter: ViewCounter;
  /** Tokens of `system` when the caller already knows them. */
  systemTokens?: number;
}

/**
 * The messages the model sees, as a pure function of the stored rows: the system prompt, the latest
 * compaction's head message, then every message after what it covers, pruned tool outputs as stubs, answers
 * without their reasoning, large Write and Edit inputs as stubs once applied.
 * The same rows and record always give the same view, so a reload rebuilds it exactly.
 */
export function buildModelView(input: BuildViewInput): ModelView {
  const { compaction, counter } = input;
  const systemMessage: ChatMessage = { role: 'system', content: input.system };
  const messages: ChatMessage[] = [systemMessage];
  let tokens = REPLY_PRIMING_TOKENS + (input.systemTokens ?? counter.countMessage(systemMessage));
  const covers = compaction?.coversThrough ?? null;
  if (compaction && covers !== null) {
    const head = headMessage(compaction);
    messages.push(head);
    const sameEncoding = compaction.encoding === null || counter.encoding === undefined || compaction.encoding === counter.encoding;
    tokens += sameEncoding ? compaction.headTokens : counter.countMessage(head);
  }
  const pruned = new Set(compaction?.prunedIds ?? []);
  const calls = pruned.size > 0 ? toolCallsById(input.messages) : new Map();
  let outcomes: Map<string, CallOutcome> | null = null;
  const outcomesOf = (): Map<string, CallOutcome> => (outcomes ??= callOutcomes(input.messages.map((r) => r.message)));
  for (const row of input.messages) {
    if (row.message.role === 'system') continue;
    if (covers !== null && row.id <= covers) continue;
    if (row.message.role === 'tool' && pruned.has(row.id)) {
      const stub = stubMessage(row.message, calls);
      messages.push(stub);
      tokens += counter.countMessage(stub);
      continue;
    }
    // The reasoning kept with an answer is not the model's to see again (and counts no tokens: see countMessage).
    const shown = row.message.role === 'assistant' && row.message.tool_calls ? withInputStubs(row.message, outcomesOf()) : row.message;
    messages.push(withoutReasoning(shown));
    tokens += rowTokens(row, counter);
  }
  return { messages, tokens };
}
