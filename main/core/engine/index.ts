import { homedir } from 'node:os';
import { createGit } from '../worktree/git';
import { createAgentsService } from './agents/service';
import { createWindowResolver } from '../context/window';
import { hostEnv } from '../host-env';
import { Slots } from '../kernel/slots';
import { createWorktreeService } from '../worktree';
import { Scheduler } from './scheduler';
import type { Engine, EngineOptions } from './types';
import type { MachinesPort } from './agents/machines-port';
import { openData } from './root/data';
import { buildKernel } from './root/kernel';
import { buildRepositories } from './root/repositories';
import { buildPolicy } from './root/policy';
import { buildMcp } from './root/mcp';
import { buildHooks } from './root/hooks';
import { confineHooks } from './root/hook-sandbox';
import { openConfig } from './root/config';
import { modelSource } from './root/model';
import { buildCost } from './root/cost';
import { buildContext } from './root/context';
import { createImageStore } from '../images/store';
import { createImageIntake } from '../images/accept';
import { sessionProvider } from './session-model';
import { buildConflicts } from './root/conflicts';
import { buildTurnDeps } from './root/turn-deps';
import { buildHandlers } from './root/handlers';
import { recoverWork } from './root/recovery';
import { engineCloser } from './root/close';
import { confinesIn, openSandbox, sandboxOffNotice, sessionSandboxes } from './root/sandbox';

export type { Engine, EngineOptions } from './types';
export type { GatewayHandlers } from './gateway-requests';
export type { ReadOnlyEngine, ReadOnlyProblem } from './read-only';
export { DATABASE_FILE, openReadOnlyEngine } from './read-only-root';

/** The one composition root: the desktop app, the browser host, the CLI and the tests all build the engine here. */
export async function createEngine(opts: EngineOptions): Promise<Engine> {
  // The one reading of the process's surroundings: `~`, $HOME and the environment every part of the engine uses.
  const host = hostEnv(opts.env ?? process.env, homedir());
  const sandbox = openSandbox(host);
  const data = openData(opts.home);
  const kernel = buildKernel(data.store, data.promptWrites);
  // The repositories outside the store, built once here on the connection only this root holds.
  const repositories = buildRepositories(data);
  const { store, bus } = kernel;
  const { preparer, policy, modeOf } = buildPolicy({ home: opts.home, host, store, sandbox: sandbox.readiness, sandboxOff: sandboxOffNotice(bus) });
  const mcp = buildMcp({ home: opts.home, host, policy, bus, sandbox });
  const hooks = buildHooks({ home: opts.home, host, policy, bus, confine: confineHooks({ home: opts.home, store, policy, sandbox }), confines: confinesIn(policy, sandbox) });
  const config = openConfig(opts.home, host.env);
  const slots = new Slots(config.initial.ok ? config.initial.value.config.concurrency : 4);
  const model = modelSource(config);
  // Context windows of the providers; the endpoints' model lists it reads are kept for the engine's lifetime.
  const windows = createWindowResolver();
  const clock = opts.clock ?? Date.now;
  const { prices, budgets, budgetLimits } = buildCost({ config, windows, kernel, clock });
  const context = buildContext({ home: opts.home, store, repositories, windows, hooks: hooks.runner, prices, confines: confinesIn(policy, sandbox), clock });
  const conflicts = buildConflicts({ kernel, repositories, host, onConflict: opts.onConflict, scheduler: () => scheduler });
  const deps = buildTurnDeps({ opts, host, kernel, slots, preparer, policy, mcp: mcp.manager, model, context, gate: conflicts.gate, hooks: hooks.runner, prices, budgets, sandbox: sessionSandboxes({ home: opts.home, store, policy, sandbox }), confines: confinesIn(policy, sandbox) });
  const scheduler = new Scheduler(deps);
  const worktrees = createWorktreeService({ home: opts.home, store, bus, host });
  // Given by the host that holds links to other machines (the hub), once it exists.
  let machines: MachinesPort | null = null;
  const agents = createAgentsService({
    home: opts.home,
    store,
    bus,
    prompts: kernel.prompts,
    scheduler: () => scheduler,
    preflight: conflicts.preflight,
    config: () => {
      const loaded = config.load();
      return loaded.ok ? loaded.value.config.agents : { maxChildren: 4, maxDepth: 1, maxIntegrationAttempts: 2 };
    },
    modeOf,
    trust: policy,
    git: createGit(host.env),
    journal: repositories.conflicts,
    stamps: repositories.stamps,
    env: host.env,
    machines: () => machines,
  });
  // The turns reach the children through the port; the service reaches the turns through the scheduler.
  deps.agents = agents;
  const images = createImageStore(opts.home);
  deps.images = images;
  const intake = createImageIntake({
    images,
    providerOf: (session) => {
      const loaded = config.load();
      if (!loaded.ok) return null;
      return sessionProvider(session, loaded.value.configured ?? loaded.value.providers, loaded.value.providers[0] ?? null);
    },
  });
  const handlers = buildHandlers({ home: opts.home, host, kernel, config, policy, modeOf, deps, scheduler, windows, conflicts, worktrees, mcp: mcp.manager, budgets, budgetLimits, hooks, repositories, gateway: opts.gateway, ...(opts.stop ? { stop: opts.stop } : {}), sandbox, agents, images: intake });
  recoverWork({ kernel, config, conflicts, scheduler, recover: opts.recover ?? true, clock });

  return {
    handlers,
    onEvent: (listener) => bus.subscribe(listener),
    stats: () => ({ slotsInUse: slots.inUse, peakSlotsInUse: slots.peakInUse, concurrency: slots.limit }),
    attachMachines: (port) => {
      machines = port;
    },
    close: engineCloser({ scheduler, hooks: hooks.runner, mcp, conflicts, sandbox: sandbox.runtime, store, unlock: data.unlock }),
  };
}
