import { requests, type RequestName } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { Result } from '../../shared/result';
import type { Engine } from '../core/engine/types';

/** Client → host: one request. Host → client: its reply, or a pushed engine event. */
export type ClientMessage = { id: number | string; method: RequestName; input: unknown };
export type ServerMessage = { id: number | string | null; result: Result<unknown> } | { event: EngineEvent };

type AnyHandler = (input: unknown) => Promise<Result<unknown>> | Result<unknown>;

const invalid = (message: string): Result<never> => ({ ok: false, error: { kind: 'invalid_input', message } });

const isRequestName = (name: unknown): name is RequestName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(requests, name);

/**
 * Everything from the socket is untrusted (the page shows model-written text): the method must be a contract
 * request and the input must parse with that request's schema before the engine sees it.
 */
export async function handleMessage(engine: Engine, raw: string): Promise<ServerMessage> {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { id: null, result: invalid('message is not JSON') };
  }
  if (typeof data !== 'object' || data === null) return { id: null, result: invalid('message must be an object') };
  const { id, method, input } = data as Partial<ClientMessage>;
  const replyId = typeof id === 'number' || typeof id === 'string' ? id : null;
  if (replyId === null) return { id: null, result: invalid('message needs an id (number or string)') };
  if (!isRequestName(method)) return { id: replyId, result: invalid(`unknown method: ${String(method)}`) };
  const parsed = requests[method].input.safeParse(input ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    return { id: replyId, result: invalid(`${method}: ${detail}`) };
  }
  const handler = engine.handlers[method] as AnyHandler | undefined;
  if (typeof handler !== 'function') {
    return { id: replyId, result: { ok: false, error: { kind: 'internal', message: `${method} is not implemented by this engine` } } };
  }
  try {
    return { id: replyId, result: await handler(parsed.data) };
  } catch (error) {
    return { id: replyId, result: { ok: false, error: { kind: 'internal', message: (error as Error).message ?? String(error) } } };
  }
}
