import type { RequestHandlers } from '../../../../shared/api';
import type { BudgetsConfig } from '../../../../shared/cost';
import { err, ok } from '../../../../shared/result';
import type { ConflictEngine } from '../../conflicts';
import { configViewWithWindows } from '../../context/config-view';
import type { WindowResolver } from '../../context/window';
import { createCostHandlers, type Budgets } from '../../cost';
import type { HostEnv } from '../../host-env';
import { createHooksHandlers } from '../../hooks';
import { createMcpHandlers, type McpManager } from '../../mcp';
import type { EffectiveMode, PolicyEngine } from '../../policy';
import type { SessionRow } from '../../store/rows';
import type { WorktreeService } from '../../worktree/service';
import { createChangesHandlers } from '../changes-handlers';
import { createContextHandlers } from '../context-handlers';
import { gatewayRequests, type GatewayHandlers } from '../gateway-requests';
import { processRequests, type StopHandler } from '../process-requests';
import { machineRequests } from '../machine-requests';
import { createHandlers } from '../handlers';
import { createHistoryHandlers } from '../history-handlers';
import type { Scheduler } from '../scheduler';
import { createSearchHandlers } from '../search-handlers';
import { createSetupHandlers } from '../setup-handlers';
import type { TurnDeps } from '../turn-context';
import { validatedHandlers } from '../validated-handlers';
import { createSandboxHandlers } from '../../sandbox/handlers';
import { createAgentsHandlers } from '../agents/handlers';
import { createHostedChildHandlers } from '../agents/hosted';
import { createGit } from '../../worktree/git';
import { createModelHandlers } from '../model-handlers';
import type { ImageIntake } from '../../images/accept';
import type { AgentsService } from '../agents/service';
import { confinesIn, otherSessionFolders, sessionTmpdir, type SandboxParts } from './sandbox';
import type { EngineConfig } from './config';
import type { HookParts } from './hooks';
import type { Kernel } from './kernel';
import type { OutsideRepositories } from './repositories';

/** What the contract's requests are answered with: every service the composition root built. */
export interface HandlerParts {
  home: string;
  host: HostEnv;
  kernel: Kernel;
  config: EngineConfig;
  policy: PolicyEngine;
  modeOf: (row: SessionRow) => EffectiveMode;
  deps: TurnDeps;
  scheduler: Scheduler;
  windows: WindowResolver;
  conflicts: ConflictEngine;
  worktrees: WorktreeService;
  mcp: McpManager;
  budgets: Budgets;
  budgetLimits: () => BudgetsConfig | null;
  hooks: HookParts;
  /** The change journal, read by the changes review. */
  repositories: Pick<OutsideRepositories, 'conflicts'>;
  /** The host's messenger gateways; absent, the gateway.* requests are refused. */
  gateway?: GatewayHandlers;
  /** The host that can end its own process (`paragents engine --stdio`); absent, `engine.stop` is refused. */
  stop?: StopHandler;
  sandbox: SandboxParts;
  /** Children of Agent calls: their list and a person's integration. */
  agents: Pick<AgentsService, 'integrate'>;
  images: ImageIntake;
}

/** Every request of the contract, each answered by the service that owns it and validated against the contract. */
export function buildHandlers(p: HandlerParts): RequestHandlers {
  const { home, host, kernel, config, policy, modeOf, deps, scheduler, windows, conflicts, worktrees } = p;
  const { store, bus } = kernel;
  const env = host.env;
  const configCache = config.cache;
  const isolate = async (input: Parameters<WorktreeService['createIsolatedSession']>[0]) => {
    const created = await worktrees.createIsolatedSession(input);
    // The worktree is the trusted folder's own checkout: it inherits the trust, so project rules apply there.
    if (created.ok && policy.isTrusted(input.workspace)) await policy.trustWorkspace(created.value.workspace);
    return created;
  };
  const coreHandlers = createHandlers({
    store,
    bus,
    prompts: kernel.prompts,
    scheduler,
    waiters: kernel.waiters,
    pauses: kernel.pauses,
    authorizer: policy,
    headless: deps.headless,
    configView: async () => {
      const loaded = config.load();
      return loaded.ok ? ok(await configViewWithWindows(loaded.value, windows)) : err('config', loaded.error.msg ?? loaded.error.message);
    },
    resolveConflict: conflicts.resolve,
    preflight: conflicts.preflight,
    repreflight: conflicts.repreflight,
    journal: { list: conflicts.journal, undo: conflicts.undo },
    isolate,
    modeOf,
    images: p.images,
  });

  return validatedHandlers({ ...coreHandlers, ...createSetupHandlers({ home, env, configCache, store, bus, rules: policy }), ...worktrees.handlers,
    ...createHistoryHandlers({ store, bus, home, env, configCache, tools: deps.tools.specs, instructions: deps.context.instructions, counters: deps.context.counters, prompts: kernel.prompts, tracker: deps.context.tracker, compactions: deps.context.compactions, resolveWindow: windows.resolve, modeOf, environment: deps.context.environment }),
    ...createContextHandlers({ store, bus, deps, scheduler }),
    ...createMcpHandlers({ manager: p.mcp, store, policy, fallbackWorkspace: host.home }),
    ...createCostHandlers({ store, bus, budgets: p.budgets, home, daily: () => p.budgetLimits()?.daily ?? null, modeOf, resume: coreHandlers['prompt.resume'], cancel: coreHandlers['prompt.cancel'] }),
    ...createSearchHandlers({ store, bus, modeOf }),
    ...createChangesHandlers({ store, host, journal: p.repositories.conflicts }),
    ...createHooksHandlers({ config: p.hooks.config, approvals: p.hooks.approvals }),
    ...createSandboxHandlers({
      store,
      policy,
      availability: p.sandbox.availability,
      confines: confinesIn(policy, p.sandbox),
      changed: (enabled) => bus.emit({ type: 'sandbox_changed', sessionId: '', promptId: null, enabled }),
      sessionLists: (row) => ({ tmpdir: sessionTmpdir(home, row.id), otherFolders: otherSessionFolders(store, row.id) }),
    }),
    ...createAgentsHandlers({ store, integrate: p.agents.integrate }),
    ...createHostedChildHandlers({ home, store, git: createGit(host.env), isolate, send: coreHandlers['prompt.send'], summary: (row) => store.summaries.session(row, modeOf(row)) }),
    ...createModelHandlers({ store, bus, config: () => config.load(), summary: (row) => store.summaries.session(row, modeOf(row)) }),
    ...gatewayRequests(p.gateway),
    ...processRequests({ homeDir: host.home, ...(p.stop ? { stop: p.stop } : {}) }),
    ...machineRequests({ home }) });
}
