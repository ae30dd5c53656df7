import type { Msg } from '../../../shared/i18n/message';
import type { ChatMessage, ModelUsage } from '../model/types';
import type { TokenCounter } from './tokens';
import type { CompactionReason } from '../../../shared/events';

export type { CompactionReason };

/** One transcript row as the store keeps it (`StoredMessage`); `tokens` is the count stored with it, when known. */
export interface TranscriptRow {
  id: number;
  promptId: string | null;
  message: ChatMessage;
  tokens?: number | null;
}

/** What sizing the view needs of a token counter. */
export type ViewCounter = Pick<TokenCounter, 'countText' | 'countMessage' | 'countTools'> & { readonly encoding?: string };

/** What the view is sized against (ContextBudget from budget.ts has it all). */
export interface ViewBudget {
  window: number;
  /** Tokens the messages of a request may use: the tool definitions and the answer's room already taken off. */
  usable: number;
  /** Message tokens past which the view is compacted; the threshold share of `usable` when absent. */
  compactAt?: number;
}

/**
 * One compaction of a session's view, as stored. The view it gives is: the system prompt, then (when
 * `coversThrough` is set) one message made of the summary, the note and the verbatim prompts, then every stored
 * message after `coversThrough`, with the tool messages in `prunedIds` shown as one-line stubs. Each record
 * stands alone: only the latest one of a session counts.
 */
export interface CompactionRecord {
  id: string;
  sessionId: string;
  /** Messages with an id up to this one are represented by the head message, not shown; null = none. */
  coversThrough: number | null;
  summary: string | null;
  /** Shown after the summary: why there is no (new) summary for part of the history. */
  note: string | null;
  /** The person's earlier prompts, verbatim, oldest first, with the elision marker. */
  promptsBlock: string | null;
  /** Tool messages after `coversThrough` shown as stubs. */
  prunedIds: number[];
  /** Tokens of the head message when it was written, and the encoding they were counted with. */
  headTokens: number;
  encoding: string | null;
  tokensBefore: number;
  tokensAfter: number;
  reason: CompactionReason;
  /** Tool outputs this compaction took out of the view (stubbed or summarised). */
  prunedToolOutputs: number;
  summaryTokens: number;
  focus: string | null;
  /** Why no new summary was written when one was wanted (the request failed); null otherwise. */
  summaryError: string | null;
  createdAt: string;
}

/** Shares of the usable window; `threshold` and `userPromptShare` come from the config's `compaction`. */
export interface CompactionSettings {
  /** Compact before a request that would use more than this share. */
  threshold: number;
  /** Room for the person's earlier prompts, as a share of the room the window leaves for messages. */
  userPromptShare: number;
  /** Whole recent turns kept besides the last one, while they fit in this share. */
  recentShare: number;
  /** After compacting, tool outputs of the kept turns are pruned, oldest first, down to this share. */
  targetShare: number;
  /** Room for the summary. */
  summaryShare: number;
  /** Longest summary asked for, in tokens. */
  summaryMaxTokens: number;
}

export const DEFAULT_COMPACTION_SETTINGS: CompactionSettings = {
  threshold: 0.8,
  userPromptShare: 0.2,
  recentShare: 0.25,
  targetShare: 0.6,
  summaryShare: 0.15,
  summaryMaxTokens: 3000,
};

/** What one compaction did, for the `context_compacted` event and the session's usage. */
export interface CompactionResult {
  record: CompactionRecord;
  reason: CompactionReason;
  tokensBefore: number;
  tokensAfter: number;
  prunedToolOutputs: number;
  /** The summary written now; null when none was needed or the request failed (then `summaryError` says why). */
  summary: string | null;
  summaryTokens: number;
  summaryError: string | null;
  /** `summaryError` as data for people (absent when the failure had none: what something else threw). */
  summaryErrorMsg?: Msg;
  /** Tokens the summary request spent, to be recorded in the session's usage; null when no request was made. */
  usage: { provider: string; model: string; usage: ModelUsage } | null;
}

/** The messages to send and their size (messages and the reply's frame; the tool definitions are counted apart). */
export interface ModelView {
  messages: ChatMessage[];
  tokens: number;
}

/** One message alone does not fit the usable window, so no compaction can make the request fit. */
export interface ContextTooLarge {
  kind: 'context_too_large';
  /** English, for logs and the model; `msg` is the same sentence as data for people. */
  message: string;
  msg: Msg;
  messageId: number | null;
  role: ChatMessage['role'] | null;
  promptId: string | null;
  tool: string | null;
  tokens: number;
  usable: number;
}
