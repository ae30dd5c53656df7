import type { ModelServer } from '../fixtures/model-server';

/** A chat completion request's body as the scripted server received it; `M` is how the test reads its messages. */
export type ChatBody<M = Record<string, unknown>> = { messages: M[] } & Record<string, unknown>;

/** The bodies of the chat completion requests the scripted server received, in order. */
export function chatBodies<M = Record<string, unknown>>(server: ModelServer): ChatBody<M>[] {
  return server.requests.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions').map((r) => r.body as ChatBody<M>);
}
