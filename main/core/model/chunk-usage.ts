import type { ModelUsage } from './types';

/** A chunk's usage figures, or null when it has none. Some servers omit total_tokens; it is then the sum. */
function toUsage(usage: unknown): ModelUsage | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const u = usage as Record<string, unknown>;
  if (typeof u.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return null;
  const total = typeof u.total_tokens === 'number' ? u.total_tokens : u.prompt_tokens + u.completion_tokens;
  return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens, totalTokens: total };
}

/** Usage of a chunk: the standard field, else Groq's `x_groq.usage` (where Groq reports it). */
export function chunkUsage(chunk: Record<string, unknown>): ModelUsage | null {
  const groq = chunk.x_groq;
  return toUsage(chunk.usage) ?? (typeof groq === 'object' && groq !== null ? toUsage((groq as Record<string, unknown>).usage) : null);
}
