/**
 * The messages the engine keeps and sends: OpenAI chat format, stored verbatim so a reload rebuilds them exactly.
 * An assistant message may keep the model's `reasoning` (its thinking, streamed apart from the answer); that field
 * is the engine's own and is removed before any request (see withoutReasoning in main/core/model/provider-message.ts).
 */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: AssistantToolCall[]; reasoning?: string }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface AssistantToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
