import type { ChatMessage } from './types';

/**
 * A stored message as a provider may see it. The reasoning kept with an answer is the engine's record of it:
 * several providers refuse a request whose assistant messages carry it (DeepSeek answers 400 to
 * `reasoning_content`), and none needs it back, so it never leaves the engine.
 */
export function withoutReasoning(message: ChatMessage): ChatMessage {
  if (message.role !== 'assistant' || message.reasoning === undefined) return message;
  const { reasoning: _kept, ...sent } = message;
  return sent;
}
