import type { ImageRef } from '../../../shared/images';

/**
 * The messages the engine keeps and sends: OpenAI chat format, stored verbatim so a reload rebuilds them exactly.
 * An assistant message may keep the model's `reasoning` (its thinking, streamed apart from the answer); that field
 * is the engine's own and is removed before any request (see withoutReasoning in main/core/model/provider-message.ts).
 * A user or tool message may keep `images` (references to images in the data folder): the engine's own field too,
 * turned into `image_url` parts when a request is sent (main/core/images/request.ts).
 */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: ImageRef[] }
  | { role: 'assistant'; content: string | null; tool_calls?: AssistantToolCall[]; reasoning?: string }
  | { role: 'tool'; tool_call_id: string; content: string; images?: ImageRef[] };

export interface AssistantToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
