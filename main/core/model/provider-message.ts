import type { ChatMessage } from './types';

/** A user message whose content is parts: its text and the images it carries, as the chat completions API takes them. */
export interface UserPartsMessage {
  role: 'user';
  content: ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];
}

/** What a request sends: stored messages, and user messages made of parts (main/core/images/request.ts). */
export type RequestMessage = ChatMessage | UserPartsMessage;

/**
 * A stored message as a provider may see it. The reasoning kept with an answer is the engine's record of it:
 * several providers refuse a request whose assistant messages carry it (DeepSeek answers 400 to
 * `reasoning_content`), and none needs it back, so it never leaves the engine.
 */
export function withoutReasoning<M extends RequestMessage>(message: M): M {
  if (message.role !== 'assistant' || message.reasoning === undefined) return message;
  const { reasoning: _kept, ...sent } = message;
  return sent as M;
}

/**
 * What goes on the wire: no reasoning, and no image references, which are the engine's own too (a request that
 * shows images has made them `image_url` parts already: main/core/images/request.ts).
 */
export function onTheWire(message: RequestMessage): RequestMessage {
  const sent = withoutReasoning(message);
  if ((sent.role === 'user' || sent.role === 'tool') && typeof sent.content === 'string' && 'images' in sent && sent.images !== undefined) {
    const { images: _refs, ...rest } = sent;
    return rest;
  }
  return sent;
}
