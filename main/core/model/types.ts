import { english, type Msg } from '../../../shared/i18n/message';
import type { AssistantToolCall } from '../store/chat-message';
import type { ReasoningEffort } from '../../../shared/model-family';
import type { RequestMessage } from './provider-message';

export type { AssistantToolCall, ChatMessage } from '../store/chat-message';

/** JSON schema of one tool as the model sees it. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ModelTurn {
  /** The answer text. */
  content: string;
  /** The model's reasoning, kept apart from the answer ('' when the provider sent none). */
  reasoning: string;
  toolCalls: AssistantToolCall[];
  usage: ModelUsage | null;
  finishReason: string | null;
  provider: string;
  model: string;
}

/**
 * Sent before every backoff wait (attempt 1, 2, … on the same provider) and when falling back to the next
 * provider (attempt 0, delayMs 0, `provider` = the one tried next). Either way, drop any partial text shown.
 */
export interface ModelRetryInfo {
  provider: string;
  attempt: number;
  delayMs: number;
  /** Why, in English (logs, the model); `errorMsg` is the same sentence as data for people. */
  error: string;
  errorMsg: Msg;
}

export interface ModelRequest {
  messages: RequestMessage[];
  tools: ToolSpec[];
  signal: AbortSignal;
  /** Streaming text as it arrives. After a retry the text starts again from empty (see onRetry). */
  onDelta?: (text: string) => void;
  /** Streaming reasoning as it arrives, never mixed into the answer. Starts again from empty after a retry. */
  onReasoningDelta?: (text: string) => void;
  onRetry?: (info: ModelRetryInfo) => void;
  /** The session's reasoning effort (its /effort); the provider's `reasoningEffort` applies otherwise. */
  reasoningEffort?: ReasoningEffort;
  /** The session's own provider (its /model): tried alone, without the fallback order. */
  provider?: string;
}

/** What a server said when it refused a request as larger than the model's context window (null: not said). */
export interface ContextOverflow {
  window: number | null;
  requested: number | null;
}

/**
 * Typed failure of a model call after retries and fallback are exhausted. `context_overflow`: the request
 * does not fit the model's context window (never retried as is: the caller shrinks it), with `overflow` set.
 */
export class ModelError extends Error {
  constructor(
    /** Why the call failed, as data for people; `message` is its English. */
    readonly msg: Msg,
    readonly kind: 'aborted' | 'config' | 'http' | 'network' | 'timeout' | 'protocol' | 'context_overflow',
    readonly status: number | null = null,
    readonly overflow: ContextOverflow | null = null,
  ) {
    super(english(msg));
    this.name = 'ModelError';
  }
}

export interface ModelClient {
  complete(request: ModelRequest): Promise<ModelTurn>;
}
