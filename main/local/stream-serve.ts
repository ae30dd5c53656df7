import type { Readable, Writable } from 'node:stream';
import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import { msg, type Msg } from '../../shared/i18n/message';
import { err } from '../../shared/result';
import { MAX_UNSENT_BYTES } from '../core/unsent-limit';
import { handleMessage, type ServerMessage } from '../web/ws-protocol';
import { createLineReader, frame } from './line-frames';

/** The same cap as the browser host's WebSocket messages. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

export interface ServedEngine {
  handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
}

export interface StreamServeOptions {
  engine: ServedEngine;
  /** Where requests arrive, one JSON message per line. */
  input: Readable;
  /** Where answers and events go, one per line. */
  output: Writable;
  /** Ends the connection (both directions): a client too slow to read, or a line too large. */
  drop(): void;
  /** True once the host stops taking requests: a line read then is left unanswered, so its client sends it elsewhere. */
  stopping(): boolean;
  /** Where a request handler's exception is reported (the client only gets its message). */
  onInternalError?(name: string, error: unknown): void;
}

export interface ServedStream {
  /** Requests taken and not answered yet. */
  inFlight(): Promise<void>[];
  /** Stops the events to this client (the connection ended). */
  detach(): void;
}

const refusal = (sentence: Msg): ServerMessage => ({ id: null, result: err('invalid_input', sentence) });

/**
 * Serves the engine contract on one byte stream: the browser host's protocol (`{id, method, input}` in, `{id,
 * result}` and `{event}` out) as one JSON message per line. The local endpoint serves each socket this way and
 * `paragents engine --stdio` its standard input and output (an SSH channel). Requests go through the same
 * `handleMessage` as the WebSocket host, so validation is identical.
 */
export function serveStream(options: StreamServeOptions): ServedStream {
  const { output } = options;
  const inFlight = new Set<Promise<void>>();
  const send = (message: ServerMessage): void => {
    if (output.destroyed || !output.writable) return;
    let line: string;
    try {
      line = frame(message);
    } catch (e) {
      line = frame({ id: 'id' in message ? message.id : null, result: err('internal', msg('engineErrors.endpoint.cannotEncode', { error: (e as Error).message })) });
    }
    output.write(line);
    // A client that stops reading is dropped rather than held in memory without bound.
    if (output.writableLength > MAX_UNSENT_BYTES) options.drop();
  };
  const unsubscribe = options.engine.onEvent((event) => send({ event }));
  const reader = createLineReader({
    maxBytes: MAX_LINE_BYTES,
    onLine: (line) => {
      if (options.stopping()) return;
      const answered = handleMessage(options.engine.handlers, line, options.onInternalError).then(send);
      inFlight.add(answered);
      void answered.finally(() => inFlight.delete(answered));
    },
    onOversize: () => {
      send(refusal(msg('engineErrors.endpoint.lineTooLarge', { max: MAX_LINE_BYTES })));
      output.end();
    },
  });
  options.input.on('data', (chunk: Buffer) => reader.push(chunk));
  return { inFlight: () => [...inFlight], detach: unsubscribe };
}
