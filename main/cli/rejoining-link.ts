import { requestNames, type RequestHandlers, type RequestName } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { Msg } from '../../shared/i18n/message';
import { err, type Result } from '../../shared/result';
import type { RemoteEngineLink } from '../local/endpoint-client';
import type { EngineLink } from '../local/engine-link';

/** How many engines in a row may go away under one request before the command gives up on it. */
const MAX_REJOINS = 5;

const isRemote = (link: EngineLink): link is RemoteEngineLink => link.remote && 'send' in link;

/** Never settles: the engine of a link hosted in this process does not go away under it. */
const never = new Promise<Msg>(() => undefined);

/**
 * A joined engine that the command follows when it goes away: a request the engine never took (the connection
 * ended before its answer; a closing endpoint answers every request it took) is sent to the next engine, which
 * `reopen` joins or starts. So a command whose engine closes before its prompt was accepted loses nothing. Once
 * `pin()` is called (a prompt was accepted) the link stays on its engine and reports its loss instead.
 */
export function rejoiningLink(first: RemoteEngineLink, reopen: () => Promise<Result<EngineLink>>): EngineLink & { readonly ended: Promise<Msg> } {
  let current: EngineLink = first;
  let pinned = false;
  let moving: Promise<Result<EngineLink>> | null = null;
  const listeners = new Set<(event: EngineEvent) => void>();
  const forward = (event: EngineEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };
  let detach = first.onEvent(forward);

  /** The engine after `from`: the one another request already moved to, or the next one joined or started. */
  const after = (from: EngineLink): Promise<Result<EngineLink>> => {
    if (current !== from) return Promise.resolve({ ok: true, value: current });
    moving ??= (async () => {
      detach();
      await from.close();
      const next = await reopen();
      if (next.ok) {
        current = next.value;
        detach = current.onEvent(forward);
      }
      moving = null;
      return next;
    })();
    return moving;
  };

  const call = async (name: RequestName, input: unknown): Promise<Result<unknown>> => {
    for (let moves = 0; ; moves++) {
      const link = current;
      if (!isRemote(link)) return (link.handlers[name] as (input: unknown) => Promise<Result<unknown>>)(input);
      const sent = await link.send(name, input);
      if (sent.answered) return sent.result;
      if (pinned || moves >= MAX_REJOINS) return err('internal', sent.reason);
      const next = await after(link);
      if (!next.ok) return next;
    }
  };

  const handlers = Object.fromEntries(requestNames.map((name) => [name, (input: unknown) => call(name, input)])) as unknown as RequestHandlers;

  return {
    handlers,
    get remote() {
      return current.remote;
    },
    get joined() {
      return current.joined;
    },
    get ended() {
      return isRemote(current) ? current.ended : never;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pin() {
      pinned = true;
    },
    async close() {
      if (moving) await moving;
      detach();
      await current.close();
    },
  };
}
