import type { Readable, Writable } from 'node:stream';
import { requestNames, type RequestHandlers, type RequestName } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import { msg, type Msg } from '../../shared/i18n/message';
import { err, type Result } from '../../shared/result';
import { isResult } from '../../shared/validate-request';
import type { EngineLink } from './engine-link';
import { createLineReader, frame } from './line-frames';

/** The engine of another process, reached over a byte stream (a local socket, an SSH channel). */
export interface StreamEngineLink extends EngineLink {
  readonly remote: true;
  /** Settles once the connection has ended (the engine went away, or close() was called), with why in one sentence. */
  readonly ended: Promise<Msg>;
  /**
   * Sends one request. `answered: false` when the connection ended first: the engine never took the request (a
   * closing endpoint answers every request it took before it ends its clients), so it can be sent elsewhere.
   */
  send(name: RequestName, input: unknown): Promise<Sent>;
}

export type Sent = { answered: true; result: Result<unknown> } | { answered: false; reason: Msg };

export interface StreamLinkOptions {
  /** The engine's answers and events, one JSON message per line. */
  input: Readable;
  /** Where requests go, one per line. */
  output: Writable;
  /** Calls `done` once when the connection has ended, whichever way. */
  closed(done: () => void): void;
  isClosed(): boolean;
  destroy(): void;
  /** Why the link ended when the other side ended it, and when this process did. */
  closedThere: Msg;
  closedHere: Msg;
  /** Lines read before the link was made (a stream whose first line was read by a handshake). */
  pending?: readonly string[];
}

type Listener = (event: EngineEvent) => void;

/** The contract over one byte stream: requests numbered and matched with their answers, events to the listeners. */
export function streamLink(options: StreamLinkOptions): StreamEngineLink {
  const pending = new Map<number, { name: RequestName; resolve(sent: Sent): void }>();
  const listeners = new Set<Listener>();
  const { closedThere, closedHere } = options;
  let nextId = 1;
  let endedWith: Msg | null = null;
  let settleEnded: (reason: Msg) => void = () => undefined;
  const ended = new Promise<Msg>((resolve) => (settleEnded = resolve));

  const finish = (reason: Msg): void => {
    if (endedWith === null) endedWith = reason;
    for (const [, call] of pending) call.resolve({ answered: false, reason: endedWith });
    pending.clear();
  };

  const publish = (event: EngineEvent): void => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A broken subscriber (a CLI printer) must not stop the replies and events behind it.
        console.error('paragents: event listener failed:', e);
      }
    }
  };

  const onLine = (line: string): void => {
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      return; // Not a message; nothing waits on it.
    }
    if (typeof data !== 'object' || data === null) return;
    const message = data as { id?: unknown; result?: unknown; event?: unknown };
    if ('event' in message) {
      const event = message.event as { type?: unknown } | null;
      if (typeof event === 'object' && event !== null && typeof event.type === 'string') publish(event as EngineEvent);
      return;
    }
    if (typeof message.id !== 'number') return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    call.resolve({ answered: true, result: isResult(message.result) ? message.result : err('internal', msg('engineErrors.endpoint.notAResult', { request: call.name })) });
  };
  const reader = createLineReader({ onLine });
  for (const line of options.pending ?? []) onLine(line);

  options.input.on('data', (chunk: Buffer) => reader.push(chunk));
  options.closed(() => {
    finish(closedThere);
    settleEnded(endedWith ?? closedThere);
  });

  const send = (name: RequestName, input: unknown): Promise<Sent> =>
    new Promise((resolve) => {
      if (endedWith !== null) return resolve({ answered: false, reason: endedWith });
      const id = nextId++;
      let line: string;
      try {
        line = frame({ id, method: name, input });
      } catch (e) {
        return resolve({ answered: true, result: err('invalid_input', msg('engineErrors.endpoint.cannotSend', { request: name, error: (e as Error).message })) });
      }
      pending.set(id, { name, resolve });
      options.output.write(line);
    });
  const call = async (name: RequestName, input: unknown): Promise<Result<unknown>> => {
    const sent = await send(name, input);
    return sent.answered ? sent.result : err('internal', sent.reason);
  };

  const handlers = Object.fromEntries(requestNames.map((name) => [name, (input: unknown) => call(name, input)])) as unknown as RequestHandlers;

  return {
    handlers,
    remote: true,
    ended,
    send,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (!options.isClosed()) {
        finish(closedHere);
        options.destroy();
      }
      await ended;
    },
  };
}
