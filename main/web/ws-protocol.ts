import type { RequestHandlers, RequestName } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { Result } from '../../shared/result';
import { callRequest } from '../../shared/validate-request';

/** Client → host: one request. Host → client: its reply, or a pushed engine event. */
export type ClientMessage = { id: number | string; method: RequestName; input?: unknown };
export type ServerMessage = { id: number | string | null; result: Result<unknown> } | { event: EngineEvent };

const invalid = (message: string): Result<never> => ({ ok: false, error: { kind: 'invalid_input', message } });

/**
 * Everything from the socket is untrusted (the page shows model-written text). This unwraps the envelope (JSON,
 * an object, a reply id); the request itself goes through shared/validate-request.ts like every other transport.
 */
export async function handleMessage(
  handlers: RequestHandlers,
  raw: string,
  onInternalError?: (name: string, error: unknown) => void,
): Promise<ServerMessage> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { id: null, result: invalid('message is not JSON') };
  }
  if (typeof data !== 'object' || data === null) return { id: null, result: invalid('message must be an object') };
  const { id, method, input } = data as { id?: unknown; method?: unknown; input?: unknown };
  const replyId = typeof id === 'number' || typeof id === 'string' ? id : null;
  if (replyId === null) return { id: null, result: invalid('message needs an id (number or string)') };
  return { id: replyId, result: await callRequest(handlers, method, input, { onInternalError }) };
}
