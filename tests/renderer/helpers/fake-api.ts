import { requestNames } from '../../../shared';
import type { EngineApi, EngineEvent, RequestInput, RequestName, RequestOutput, Result, SessionSummary } from '../../../shared';
import type { MachineView } from '../../../shared/machines';

type Handler<N extends RequestName> = (input: RequestInput<N>) => Result<RequestOutput<N>> | Promise<Result<RequestOutput<N>>>;
export type FakeHandlers = { [N in RequestName]?: Handler<N> };

export interface FakeApi {
  api: EngineApi;
  calls: Array<{ method: RequestName; input: unknown }>;
  emit(event: EngineEvent): void;
  handle<N extends RequestName>(method: N, handler: Handler<N>): void;
}

/** An EngineApi in memory: records calls, answers with the handlers given (or an empty default), pushes events. */
export function fakeApi(handlers: FakeHandlers = {}): FakeApi {
  const listeners = new Set<(e: EngineEvent) => void>();
  const calls: FakeApi['calls'] = [];
  const table: Record<string, (input: unknown) => unknown> = {};
  const defaults: FakeHandlers = {
    'session.list': () => ({ ok: true, value: [] }),
    'session.events': () => ({ ok: true, value: [] }),
    'approval.list': () => ({ ok: true, value: [] }),
    // An engine on its own: this machine only, as an engine without the host's hub answers.
    'machines.list': () => ({ ok: true, value: [machine('local')] }),
    // The listed session with no prompts of its own: the ones its events name are all the test has.
    'session.get': async ({ session }) => {
      const list = (await table['session.list']?.({})) as Result<SessionSummary[]> | undefined;
      const found = list?.ok ? list.value.find((v) => v.id === session || v.ref === session) : undefined;
      return found ? { ok: true, value: { ...found, prompts: [] } } : { ok: false, error: { kind: 'not_found', message: `session not found: ${session}` } };
    },
    'config.get': () => ({ ok: true, value: { providers: [{ name: 'p', baseURL: 'http://x/v1', model: 'm', apiKeySet: false }], fallback: [], concurrency: 4, maxSteps: 25, requestTimeoutMs: 1000, maxRetries: 1, path: '/h/config.json', home: '/h' } }),
  };
  for (const [k, v] of Object.entries({ ...defaults, ...handlers })) table[k] = v as (input: unknown) => unknown;
  const api: Record<string, unknown> = {
    onEvent(listener: (e: EngineEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  for (const name of requestNames) {
    api[name] = async (input: unknown) => {
      calls.push({ method: name, input });
      const h = table[name];
      return h ? h(input) : { ok: false, error: { kind: 'internal', message: `${name} not faked` } };
    };
  }
  return {
    api: api as unknown as EngineApi,
    calls,
    emit: (e) => listeners.forEach((l) => l(e)),
    handle: (method, handler) => {
      table[method] = handler as (input: unknown) => unknown;
    },
  };
}

export function summary(id: string, ref: string, workspace: string, extra: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id, ref, name: null, workspace, mode: 'default', modeSource: 'default', status: 'idle', queueLength: 0, pendingApprovals: 0,
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '2025-01-01T00:00:00Z', closedAt: null, ...extra,
  };
}

/** A frame scheduler the test drives by hand: `frames.run()` is one animation frame. */
export function manualFrames() {
  const queue: Array<() => void> = [];
  return {
    schedule: (flush: () => void) => {
      queue.push(flush);
      return () => {
        const i = queue.indexOf(flush);
        if (i >= 0) queue.splice(i, 1);
      };
    },
    run() {
      const due = queue.splice(0);
      due.forEach((f) => f());
    },
    get pending() {
      return queue.length;
    },
  };
}

/** A machine as machines.list shows it: `local` is this one (always connected), any other name a remote machine. */
export function machine(name: string, extra: Partial<MachineView> = {}): MachineView {
  const local = name === 'local';
  return {
    name, local, url: local ? null : `ssh://dev@${name}.example:22`, dataDir: null, command: null, sshOptions: [], stopWhenAppCloses: false,
    state: 'connected', problem: null, hostname: null, version: null, home: null, ...extra,
  };
}
