import type { ContextWindowSource } from '../../../shared/config';
import type { ToolSpec } from '../model/types';
import type { TokenCounter } from './tokens';
import type { ContextWindow } from './window';

/** How many tokens one request to a provider may carry. */
export interface ContextBudget {
  window: number;
  windowSource: ContextWindowSource;
  /** Tokens kept free for the answer (also what a request may ask for as max_tokens). */
  maxOutputTokens: number;
  /** The share of the window kept free for the counting error of the tokenizer (a fraction). */
  margin: number;
  /** The tool definitions sent with every request. */
  toolSpecTokens: number;
  /** Tokens the messages of a request may use: the window less the margin, the answer and the tool definitions. */
  usable: number;
  /** The message tokens past which the view should be compacted: the threshold share of the window, at most `usable`. */
  compactAt: number;
}

/** The answer never takes more than this share of the window, so a small window still holds a conversation. */
export const MAX_ANSWER_SHARE = 0.25;

export function contextBudget(input: {
  window: ContextWindow;
  maxOutputTokens: number;
  margin: number;
  toolSpecTokens: number;
  /** Compaction threshold as a fraction of the window (config `compaction.threshold`); 1 when not given. */
  threshold?: number;
}): ContextBudget {
  const window = input.window.tokens;
  const maxOutputTokens = Math.max(1, Math.min(input.maxOutputTokens, Math.floor(window * MAX_ANSWER_SHARE)));
  const usable = Math.max(0, Math.floor(window * (1 - input.margin)) - maxOutputTokens - input.toolSpecTokens);
  return {
    window,
    windowSource: input.window.source,
    maxOutputTokens,
    margin: input.margin,
    toolSpecTokens: input.toolSpecTokens,
    usable,
    compactAt: Math.min(usable, Math.floor(window * (input.threshold ?? 1))),
  };
}

/** The budget of a provider's requests: its window, its (or the global) maxOutputTokens, the counter's margin. */
export function budgetFor(input: {
  window: ContextWindow;
  provider: { maxOutputTokens?: number };
  config: { maxOutputTokens: number; compaction: { threshold: number } };
  counter: TokenCounter;
  tools: readonly ToolSpec[];
}): ContextBudget {
  return contextBudget({
    window: input.window,
    maxOutputTokens: input.provider.maxOutputTokens ?? input.config.maxOutputTokens,
    margin: input.counter.margin,
    toolSpecTokens: input.counter.countTools(input.tools),
    threshold: input.config.compaction.threshold,
  });
}
