import { requestNames, type RequestHandlers, type RequestName } from '../../shared/api';
import type { EngineHello } from '../../shared/contract-version';
import type { EngineEvent } from '../../shared/events';
import { msg, type Msg } from '../../shared/i18n/message';
import type { RemoteConfig } from '../../shared/remotes';
import { err, ok, type Result } from '../../shared/result';
import type { EngineLink } from '../local/engine-link';
import { connectSsh, type ConnectFailure, type SshEngineLink } from './ssh-link';

export type MachineState = 'connecting' | 'connected' | 'disconnected';

/** A remote machine's engine as the panel holds it: connected again after a loss, its events caught up by seq. */
export interface MachineLink extends EngineLink {
  readonly name: string;
  state(): MachineState;
  /** Why it is disconnected (the last failure), null while connected or before the first try ends. */
  problem(): Msg | null;
  /** What the engine said when the link was last made. */
  hello(): EngineHello['hello'] | null;
  onState(listener: (state: MachineState, problem: Msg | null) => void): () => void;
  /** The last stored event seen (the catch-up's start after a reconnection). */
  lastSeq(): number;
  /** Tries at once (a person's "Reconnect"), starting the backoff over. */
  reconnect(): void;
  /** Lets go; `stopEngine` first asks the remote engine to stop (the remote's "stop when the app closes"). */
  close(opts?: { stopEngine?: boolean }): Promise<void>;
}

export interface MachineLinkOptions {
  connect?: (remote: RemoteConfig) => Promise<Result<SshEngineLink, ConnectFailure>>;
  /** Waits between tries after a loss, the last one repeated. */
  backoffMs?: readonly number[];
}

/** One page of the catch-up. */
const PAGE = 1_000;
const DEFAULT_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Holds a connection to a remote machine's engine. When it drops (the network, the laptop sleeping, ssh killed) the
 * machine shows as disconnected while the remote engine goes on with its turns; tries follow with backoff, and
 * once connected again every stored event after the last one seen is read back (`session.events` by seq) before
 * the live ones, each exactly once: a live event that a page also held is dropped by its seq.
 */
export function createMachineLink(remote: RemoteConfig, options: MachineLinkOptions = {}): MachineLink {
  const connect = options.connect ?? ((r: RemoteConfig) => connectSsh(r));
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const name = remote.name;
  const listeners = new Set<(event: EngineEvent) => void>();
  const stateListeners = new Set<(state: MachineState, problem: Msg | null) => void>();
  let current: SshEngineLink | null = null;
  let state: MachineState = 'connecting';
  let problem: Msg | null = null;
  let hello: EngineHello['hello'] | null = null;
  let last = 0;
  /** Whether `last` is known: from the first connection on, so that events of a first loss are caught up too. */
  let synced = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let trying: Promise<void> | null = null;

  const setState = (next: MachineState, why: Msg | null): void => {
    state = next;
    problem = why;
    for (const listener of [...stateListeners]) listener(next, why);
  };
  const publish = (event: EngineEvent): void => {
    // Stored events carry their seq; the streamed ones (deltas, states) carry 0 and are never replayed.
    if (event.seq > 0) {
      if (event.seq <= last) return;
      last = event.seq;
    }
    for (const listener of [...listeners]) listener(event);
  };

  const catchUp = async (link: SshEngineLink): Promise<Result<void>> => {
    if (!synced) {
      const newest = await link.handlers['session.events']({ beforeSeq: Number.MAX_SAFE_INTEGER, limit: 1 });
      if (!newest.ok) return newest;
      last = newest.value.at(-1)?.seq ?? 0;
      synced = true;
      return ok(undefined);
    }
    for (;;) {
      const page = await link.handlers['session.events']({ afterSeq: last, limit: PAGE });
      if (!page.ok) return page;
      for (const event of page.value) publish(event);
      if (page.value.length < PAGE) return ok(undefined);
    }
  };

  const schedule = (): void => {
    if (closed || timer !== null) return;
    const wait = backoff[Math.min(attempt, backoff.length - 1)] ?? 30_000;
    attempt++;
    timer = setTimeout(() => {
      timer = null;
      void tryOnce();
    }, wait);
  };

  const tryOnce = (): Promise<void> => {
    trying ??= (async () => {
      if (closed) return;
      setState('connecting', problem);
      const connected = await connect(remote);
      if (closed) {
        if (connected.ok) await connected.value.close();
        return;
      }
      if (!connected.ok) {
        setState('disconnected', connected.error.msg);
        schedule();
        return;
      }
      const link = connected.value;
      // Live events wait behind the catch-up's pages, so that the order is the engine's.
      let held: EngineEvent[] | null = [];
      const detach = link.onEvent((event) => (held ? held.push(event) : publish(event)));
      const caught = await catchUp(link);
      if (!caught.ok || closed) {
        detach();
        await link.close();
        if (closed) return;
        setState('disconnected', caught.ok ? null : (caught.error.msg ?? null));
        schedule();
        return;
      }
      for (const event of held) publish(event);
      held = null;
      current = link;
      hello = link.hello;
      attempt = 0;
      setState('connected', null);
      void link.ended.then((why) => {
        detach();
        if (current !== link) return;
        current = null;
        if (closed) return;
        setState('disconnected', why);
        schedule();
      });
    })().finally(() => {
      trying = null;
    });
    return trying;
  };

  const call = async (request: RequestName, input: unknown): Promise<Result<unknown>> => {
    const link = current;
    if (!link) return err('invalid_state', msg('machines.link.disconnected', { name }));
    return (link.handlers[request] as (input: unknown) => Promise<Result<unknown>>)(input);
  };
  const handlers = Object.fromEntries(requestNames.map((request) => [request, (input: unknown) => call(request, input)])) as unknown as RequestHandlers;

  void tryOnce();

  return {
    name,
    handlers,
    remote: true,
    state: () => state,
    problem: () => problem,
    hello: () => hello,
    lastSeq: () => last,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    reconnect() {
      if (closed || current) return;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      attempt = 0;
      void tryOnce();
    },
    async close(opts) {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (trying) await trying;
      const link = current;
      current = null;
      if (!link) return;
      if (opts?.stopEngine) await link.handlers['engine.stop']({});
      await link.close();
    },
  };
}
