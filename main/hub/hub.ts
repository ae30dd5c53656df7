import { requestNames, type RequestHandlers, type RequestName } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import { msg } from '../../shared/i18n/message';
import { isLocalMachine, type MachineView } from '../../shared/machines';
import type { SessionSummary } from '../../shared/models';
import type { RemoteConfig } from '../../shared/remotes';
import { err, ok, type Result } from '../../shared/result';
import type { MachineLink } from '../remote/machine-link';
import { testRemote } from '../remote/remote-test';
import { gitOverSsh } from '../remote/ssh-command';
import type { MachineChannel, MachinesPort } from '../core/engine/agents/machines-port';
import { createMachineSet, unknownMachine } from './machine-set';
import { interleave, mergeUsage } from './merge';
import { createOwners } from './owners';
import { ID_FIELD, ROUTES, type Route } from './routes';

/** What the hub needs of this machine's engine: its handlers and its events (and, to run children elsewhere, the machines). */
export interface LocalEngine {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
  attachMachines?(port: MachinesPort | null): void;
}

export interface HubOptions {
  local: LocalEngine;
  /** This machine's data folder: its config.json lists the remote machines. */
  home: string;
  /** Makes the link of one remote (default: ssh, reconnecting with backoff). */
  link?: (remote: RemoteConfig) => MachineLink;
  /** How `machines.test` reaches a remote (default: ssh once, as `paragents remote test`). */
  test?: typeof testRemote;
}

/** The engines of every machine as one engine: what the panel, the tray and the gateways hold. */
export interface Hub {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
  /** The machines and their states, as `machines.list` answers. */
  machines(): MachineView[];
  /** Lets the remote machines go; `appClosing` stops the engines of those set to stop when the app closes. */
  close(opts?: { appClosing?: boolean }): Promise<void>;
}

type AnyHandler = (input: unknown) => Promise<Result<unknown>>;
type Input = Record<string, unknown>;

const withoutMachine = (input: Input): Input => {
  const { machine: _machine, ...rest } = input;
  return rest;
};

/**
 * The host's hub: the one engine the panel talks to, made of this machine's engine and the engines of the remote
 * machines in config.json (each over its own SSH link). A request goes to the machine that owns the session,
 * prompt, approval or child it names (routes.ts); lists, search and cost totals are merged across machines; every
 * remote event reaches the listeners marked with its machine. A machine that is disconnected keeps its sessions
 * in the list (its last answer), and a request for them says in one sentence that it was not sent.
 */
export function createHub(options: HubOptions): Hub {
  const { local } = options;
  const owners = createOwners();
  const listeners = new Set<(event: EngineEvent) => void>();
  const emit = (event: EngineEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };
  const machines = createMachineSet({
    home: options.home,
    ...(options.link ? { link: options.link } : {}),
    onEvent(event) {
      if (event.machine !== undefined && event.type !== 'machine_state') owners.adoptEvent(event.machine, event);
      emit(event);
    },
  });
  const offLocal = local.onEvent(emit);
  // A config.json that cannot be read leaves the hub with this machine alone until it can (machines.list says why).
  machines.reconcile();
  /** Each remote's last session list, shown while it is disconnected. */
  const lastSessions = new Map<string, SessionSummary[]>();

  const onLocal = (name: RequestName, input: Input): Promise<Result<unknown>> =>
    Promise.resolve((local.handlers[name] as AnyHandler)(input));
  const onRemote = async (link: MachineLink, name: RequestName, input: Input): Promise<Result<unknown>> => {
    const answer = await (link.handlers[name] as AnyHandler)(withoutMachine(input));
    if (answer.ok) owners.adopt(link.name, answer.value);
    return answer;
  };
  const onMachine = (machine: string, name: RequestName, input: Input): Promise<Result<unknown>> => {
    if (isLocalMachine(machine)) return onLocal(name, withoutMachine(input));
    const found = machines.find(machine);
    if (!found) return Promise.resolve(unknownMachine(machine, machines));
    return onRemote(found.link, name, input);
  };
  const connected = (): MachineLink[] => machines.links().filter((l) => l.state() === 'connected');

  /** An id no answer has shown yet: this machine first, then each connected one, until one knows it. */
  const probe = async (name: RequestName, input: Input): Promise<Result<unknown>> => {
    const here = await onLocal(name, input);
    if (here.ok || here.error.kind !== 'not_found') return here;
    for (const link of connected()) {
      const there = await onRemote(link, name, input);
      if (there.ok || there.error.kind !== 'not_found') return there;
    }
    return here;
  };
  const byId = (name: RequestName, id: unknown, input: Input): Promise<Result<unknown>> => {
    const owner = typeof id === 'string' ? owners.of(id) : undefined;
    return owner !== undefined ? onMachine(owner, name, input) : probe(name, input);
  };

  /** Every machine's answer: this one's, then each connected remote's (a failing remote is left out). */
  // This machine's refusal is the answer: it checks the input the same way every engine would.
  const everywhere = async (name: RequestName, input: Input): Promise<Result<{ machine: string; value: unknown }[]>> => {
    const here = await onLocal(name, input);
    if (!here.ok) return here;
    const parts = [{ machine: 'local', value: here.value }];
    const remote = await Promise.all(connected().map(async (link) => ({ machine: link.name, answer: await onRemote(link, name, input) })));
    for (const r of remote) if (r.answer.ok) parts.push({ machine: r.machine, value: r.answer.value });
    return ok(parts);
  };
  const mergedFrom =
    (name: RequestName, merge: (parts: { machine: string; value: unknown }[], input: Input) => unknown) =>
    async (input: Input): Promise<Result<unknown>> => {
      const parts = await everywhere(name, input);
      return parts.ok ? ok(merge(parts.value, input)) : parts;
    };

  const merged: Partial<Record<RequestName, (input: Input) => Promise<Result<unknown>>>> = {
    'session.list': mergedFrom('session.list', (parts) => {
      const byMachine = new Map(parts.map((p) => [p.machine, p.value as SessionSummary[]]));
      for (const link of machines.links()) {
        const fresh = byMachine.get(link.name);
        if (fresh) lastSessions.set(link.name, fresh);
      }
      const out = [...(byMachine.get('local') ?? [])];
      for (const link of machines.links()) out.push(...(byMachine.get(link.name) ?? lastSessions.get(link.name) ?? []));
      return out;
    }),
    'usage.summary': mergedFrom('usage.summary', (parts) => mergeUsage(parts.map((p) => p.value as never))),
    'approval.list': mergedFrom('approval.list', (parts) => parts.flatMap((p) => p.value as unknown[])),
    'search.query': mergedFrom('search.query', (parts, input) =>
      interleave(parts.map((p) => p.value as unknown[]), typeof input.limit === 'number' ? input.limit : 20),
    ),
  };

  const hubHandlers: Pick<RequestHandlers, 'machines.list' | 'machines.add' | 'machines.remove' | 'machines.test' | 'machines.reconnect'> = {
    'machines.list': () => {
      const read = machines.reconcile();
      return read.ok ? ok(machines.views()) : read;
    },
    'machines.add': async (input) => {
      // This machine's engine writes config.json (its one writer); the hub then follows the file.
      const added = await local.handlers['machines.add'](input);
      if (!added.ok) return added;
      const read = machines.reconcile();
      return read.ok ? ok(machines.views()) : read;
    },
    'machines.remove': async (input) => {
      const removed = await local.handlers['machines.remove'](input);
      if (!removed.ok) return removed;
      owners.forget(input.name);
      lastSessions.delete(input.name);
      const read = machines.reconcile();
      return read.ok ? ok(machines.views()) : read;
    },
    'machines.test': async ({ name }) => {
      if (isLocalMachine(name)) return err('invalid_input', msg('machines.hub.localFixed'));
      machines.reconcile();
      const found = machines.find(name);
      if (!found) return unknownMachine(name, machines);
      return ok(await (options.test ?? testRemote)(found.remote));
    },
    'machines.reconnect': ({ name }) => {
      if (isLocalMachine(name)) return err('invalid_input', msg('machines.hub.localFixed'));
      const found = machines.find(name);
      if (!found) return unknownMachine(name, machines);
      found.link.reconnect();
      const view = machines.views().find((v) => v.name === found.remote.name);
      return view ? ok(view) : unknownMachine(name, machines);
    },
  };

  const dispatch = (name: RequestName, route: Route, input: Input): Promise<Result<unknown>> => {
    switch (route.by) {
      case 'session':
      case 'prompt':
      case 'approval':
      case 'child':
        return byId(name, input[ID_FIELD[route.by]], input);
      case 'machine':
        return onMachine(typeof input.machine === 'string' ? input.machine : 'local', name, input);
      case 'sessionOrLocal':
        return input[route.field] === undefined ? onLocal(name, input) : byId(name, input[route.field], input);
      case 'sessionOrAll':
        return input[route.field] === undefined ? merged[name]!(input) : byId(name, input[route.field], input);
      case 'all':
        return merged[name]!(input);
      case 'any':
        return probe(name, input);
      case 'local':
        return onLocal(name, input);
      case 'hub':
        return Promise.resolve((hubHandlers[name as keyof typeof hubHandlers] as AnyHandler)(input));
      default:
        return route satisfies never;
    }
  };

  const handlers = Object.fromEntries(
    requestNames.map((name) => [name, (input: unknown) => dispatch(name, ROUTES[name], (input ?? {}) as Input)]),
  ) as unknown as RequestHandlers;

  /** A connected remote as this machine's engine reaches it for a child hosted there (its answers' ids noted as the panel's are). */
  const reach = (name: string): Result<MachineChannel> => {
    const found = machines.find(name);
    if (!found) return unknownMachine(name, machines);
    const { link, remote } = found;
    if (link.state() !== 'connected') return err('invalid_state', msg('machines.link.disconnected', { name: remote.name }));
    const remoteHandlers = Object.fromEntries(requestNames.map((n) => [n, (input: unknown) => onRemote(link, n, (input ?? {}) as Input)])) as unknown as RequestHandlers;
    return ok({ name: remote.name, handlers: remoteHandlers, onEvent: (listener) => link.onEvent(listener), git: (folder) => gitOverSsh(remote, folder) });
  };
  local.attachMachines?.({ reach });

  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    machines: () => machines.views(),
    async close(opts) {
      local.attachMachines?.(null);
      offLocal();
      listeners.clear();
      await machines.close({ appClosing: opts?.appClosing === true });
    },
  };
}
