import { homedir } from 'node:os';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { createConfigFileCache, loadConfig, type LoadedConfig } from '../config';
import { configViewWithWindows } from '../context/config-view';
import { createWindowResolver } from '../context/window';
import { createModelClient } from '../model/client';
import type { ModelClient } from '../model/types';
import { createWebAccess, parseToolCall, toolSpecs } from '../tools';
import { createConflictEngine } from '../conflicts';
import { createHandlers } from './handlers';
import { hostEnv } from '../host-env';
import { createSetupHandlers } from './setup-handlers';
import { createHistoryHandlers } from './history-handlers';
import { createSearchHandlers } from './search-handlers';
import { createChangesHandlers } from './changes-handlers';
import { createInstructionsCache } from '../context/instructions';
import { createTokenCounters } from '../context/tokens';
import { CompactionStore } from '../context/compaction-store';
import { InstructionsTracker } from '../context/instructions-tracker';
import type { ResolvedProvider } from '../config/types';
import type { RuntimeConfig } from '../../../shared/config';
import type { ContextDeps } from './context-step';
import { createContextHandlers } from './context-handlers';
import { createWorktreeService } from '../worktree';
import { Scheduler } from './scheduler';
import { Slots } from '../kernel/slots';
import { autoResume, markInterrupted, recoverTempFiles } from './recovery';
import type { Engine, EngineOptions } from './types';
import type { TurnDeps } from './turn-context';
import { createMcpHandlers, turnTools } from '../mcp';
import { Budgets, PriceBook, createCostHandlers } from '../cost';
import { createHooksHandlers } from '../hooks';
import { gatewayRequests } from './gateway-requests';
import { validatedHandlers } from './validated-handlers';
import { openData } from './root/data';
import { buildKernel } from './root/kernel';
import { buildPolicy } from './root/policy';
import { buildMcp } from './root/mcp';
import { buildHooks } from './root/hooks';

export type { Engine, EngineOptions } from './types';
export type { GatewayHandlers } from './gateway-requests';
export type { ReadOnlyEngine, ReadOnlyProblem } from './read-only';
export { DATABASE_FILE, openReadOnlyEngine } from './read-only-root';

/** The one composition root: the desktop app, the browser host, the CLI and the tests all build the engine here. */
export async function createEngine(opts: EngineOptions): Promise<Engine> {
  // The one reading of the process's surroundings: `~`, $HOME and the environment every part of the engine uses.
  const host = hostEnv(opts.env ?? process.env, homedir());
  const env = host.env;
  const data = openData(opts.home);
  const { store, bus, prompts, waiters, pauses } = buildKernel(data.store);
  const { preparer, policy, modeOf } = buildPolicy({ home: opts.home, host, store });
  const authorizer = policy;
  const mcp = buildMcp({ home: opts.home, host, policy, bus });
  const hookParts = buildHooks({ home: opts.home, host, policy, bus });
  const hooks = hookParts.runner;
  // config.json is read at every turn; parsed again only when the file changed.
  const configCache = createConfigFileCache();
  const initial = loadConfig({ home: opts.home, env, cache: configCache });
  const slots = new Slots(initial.ok ? initial.value.config.concurrency : 4);

  // The model client follows the config file: re-read at each turn, rebuilt only when it changed.
  let cached: { key: string; loaded: LoadedConfig; client: ModelClient } | null = null;
  const model = (): Result<{ client: ModelClient; maxSteps: number; provider: ResolvedProvider; config: RuntimeConfig }> => {
    const loaded = loadConfig({ home: opts.home, env, cache: configCache });
    if (!loaded.ok) return loaded;
    const key = JSON.stringify(loaded.value.providers) + JSON.stringify(loaded.value.config);
    if (!cached || cached.key !== key) cached = { key, loaded: loaded.value, client: createModelClient(loaded.value) };
    const provider = loaded.value.providers[0];
    if (!provider) return err('config', msg('notices.request.noProvider', { file: loaded.value.path }));
    return ok({ client: cached.client, maxSteps: loaded.value.config.maxSteps, provider, config: loaded.value.config });
  };

  // Context windows of the providers; the endpoints' model lists it reads are kept for the engine's lifetime.
  const windows = createWindowResolver();
  // Prices (config.json, the endpoints' model lists, the table) cost each usage record as it is stored.
  const prices = new PriceBook({ config: () => loadConfig({ home: opts.home, env, cache: configCache }), list: (p) => windows.list(p) });
  const budgetLimits = () => {
    const loaded = loadConfig({ home: opts.home, env, cache: configCache });
    return loaded.ok ? (loaded.value.config.budgets ?? null) : null;
  };
  const budgets = new Budgets({ store, bus, prompts, pauses, limits: budgetLimits, now: opts.clock ?? Date.now });

  // The model's view of each session: compactions, token counts kept per message, project instructions.
  const context: ContextDeps = {
    home: opts.home,
    compactions: new CompactionStore(store.db),
    counters: createTokenCounters(),
    windows,
    instructions: createInstructionsCache(),
    tracker: new InstructionsTracker(store.db),
    systemCounts: new Map(),
    hooks,
    prices,
  };

  const approvals = opts.approvals ?? 'ask';
  const conflicts = createConflictEngine({
    store,
    bus,
    prompts,
    auto: opts.onConflict ?? null,
    kick: (sessionId) => scheduler.kick(sessionId),
    abort: (promptId, reason) => scheduler.abort(promptId, reason),
    host,
  });
  const deps: TurnDeps = {
    store,
    bus,
    prompts,
    tools: {
      specs: toolSpecs(),
      parse: parseToolCall,
      prepare: preparer.prepare,
      forTurn: async (session, signal) => turnTools(deps.tools, await mcp.manager.serversForTurn(session, signal)),
    },
    authorizer,
    waiters,
    slots,
    pauses,
    model,
    approvals,
    headless: opts.headless ?? approvals !== 'ask',
    gate: conflicts.gate,
    context,
    host,
    hooks,
    // WebFetch asks the policy about each redirect and internal address as the session's own calls are asked.
    prices,
    budgets,
    web: createWebAccess({ resolve: opts.resolveHost, check: (req) => policy.check(req), modeOf: (id) => store.getSession(id)?.chosen_mode ?? undefined }),
    // Temp files a stopped process left mid-write are removed now, before any turn runs.
    tempFiles: recoverTempFiles(opts.home),
  };
  const scheduler = new Scheduler(deps);
  const worktrees = createWorktreeService({ home: opts.home, store, bus, host });
  const coreHandlers = createHandlers({
    store,
    bus,
    prompts,
    scheduler,
    waiters,
    pauses,
    authorizer,
    headless: deps.headless,
    configView: async () => {
      const loaded = loadConfig({ home: opts.home, env, cache: configCache });
      return loaded.ok ? ok(await configViewWithWindows(loaded.value, windows)) : err('config', loaded.error.msg ?? loaded.error.message);
    },
    resolveConflict: conflicts.resolve,
    preflight: conflicts.preflight,
    repreflight: conflicts.repreflight,
    journal: { list: conflicts.journal, undo: conflicts.undo },
    isolate: async (input) => {
      const created = await worktrees.createIsolatedSession(input);
      // The worktree is the trusted folder's own checkout: it inherits the trust, so project rules apply there.
      if (created.ok && policy.isTrusted(input.workspace)) await policy.trustWorkspace(created.value.workspace);
      return created;
    },
    modeOf,
  });

  const handlers = validatedHandlers({ ...coreHandlers, ...createSetupHandlers({ home: opts.home, env, configCache, store, bus, rules: policy }), ...worktrees.handlers,
    ...createHistoryHandlers({ store, bus, home: opts.home, env, configCache, tools: deps.tools.specs, instructions: context.instructions, counters: context.counters, resolveWindow: windows.resolve, modeOf }),
    ...createContextHandlers({ store, bus, deps, scheduler }),
    ...createMcpHandlers({ manager: mcp.manager, store, policy, fallbackWorkspace: host.home }),
    ...createCostHandlers({ store, bus, budgets, home: opts.home, daily: () => budgetLimits()?.daily ?? null, modeOf, resume: coreHandlers['prompt.resume'], cancel: coreHandlers['prompt.cancel'] }),
    ...createSearchHandlers({ store, bus, modeOf }),
    ...createChangesHandlers({ store, host }),
    ...createHooksHandlers({ config: hookParts.config, approvals: hookParts.approvals }),
    ...gatewayRequests(opts.gateway) });

  // Before anything runs: turns left mid-way by a process that stopped are nobody's now.
  markInterrupted(store, prompts);
  conflicts.start({ recover: opts.recover ?? true });
  if (opts.recover ?? true) {
    const windowMs = (initial.ok ? initial.value.config.autoResumeMinutes : 10) * 60_000;
    for (const id of autoResume(store, prompts, { windowMs, now: (opts.clock ?? Date.now)() })) scheduler.kick(id);
    for (const p of store.promptsWithStatus(['queued'])) scheduler.kick(p.session_id);
  }

  let closing: Promise<void> | null = null;
  return {
    handlers,
    onEvent: (listener) => bus.subscribe(listener),
    stats: () => ({ slotsInUse: slots.inUse, peakSlotsInUse: slots.peakInUse, concurrency: slots.limit }),
    close(closeOpts = {}) {
      if (closing) {
        // A forced close during a graceful one cuts its tools' grace short; both end when the engine has closed.
        if (closeOpts.force) void scheduler.close({ force: true });
        return closing;
      }
      closing = (async () => {
        await scheduler.close(closeOpts);
        await hooks.close();
        await mcp.close();
        conflicts.dispose();
        store.close();
        data.unlock();
      })();
      return closing;
    },
  };
}
