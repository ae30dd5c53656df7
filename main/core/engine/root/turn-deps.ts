import type { CallGate } from '../../kernel/call-gate';
import type { Slots } from '../../kernel/slots';
import type { Budgets, PriceBook } from '../../cost';
import type { HostEnv } from '../../host-env';
import type { HookRunner } from '../../hooks';
import { turnTools, type McpManager } from '../../mcp';
import type { PolicyEngine } from '../../policy';
import { createWebAccess, parseToolCall, toolSpecs } from '../../tools';
import type { CallPreparer, PreparedCall } from '../../policy/prepare';
import type { ContextDeps } from '../context-step';
import { recoverTempFiles } from '../recovery';
import type { TurnDeps } from '../turn-context';
import type { EngineOptions } from '../types';
import type { Kernel } from './kernel';

export interface TurnParts {
  opts: Pick<EngineOptions, 'home' | 'approvals' | 'headless' | 'resolveHost'>;
  host: HostEnv;
  kernel: Kernel;
  slots: Slots;
  preparer: CallPreparer;
  policy: PolicyEngine;
  mcp: McpManager;
  model: TurnDeps['model'];
  context: ContextDeps;
  gate: CallGate<PreparedCall>;
  hooks: HookRunner;
  prices: PriceBook;
  budgets: Budgets;
  sandbox: TurnDeps['sandbox'];
  /** Whether a workspace's Bash commands run confined (the sandbox on there and able to run). */
  confines: (workspace: string) => boolean;
}

/** Everything a turn runs with: the tools (built-in and the session's MCP servers'), the policy, the model, the gate. */
export function buildTurnDeps(p: TurnParts): TurnDeps {
  const { opts, kernel, policy } = p;
  const { store } = kernel;
  const approvals = opts.approvals ?? 'ask';
  const confinedSpecs = toolSpecs(undefined, { sandboxed: true });
  const deps: TurnDeps = {
    store,
    bus: kernel.bus,
    prompts: kernel.prompts,
    tools: {
      specs: toolSpecs(),
      parse: parseToolCall,
      prepare: p.preparer.prepare,
      // A confined session's Bash is offered `dangerouslyDisableSandbox`; elsewhere the field would mean nothing.
      forTurn: async (session, signal) =>
        turnTools(p.confines(session.workspace) ? { ...deps.tools, specs: confinedSpecs } : deps.tools, await p.mcp.serversForTurn(session, signal)),
    },
    authorizer: policy,
    waiters: kernel.waiters,
    slots: p.slots,
    pauses: kernel.pauses,
    model: p.model,
    approvals,
    headless: opts.headless ?? approvals !== 'ask',
    gate: p.gate,
    context: p.context,
    host: p.host,
    hooks: p.hooks,
    prices: p.prices,
    budgets: p.budgets,
    // WebFetch asks the policy about each redirect and internal address as the session's own calls are asked.
    web: createWebAccess({ resolve: opts.resolveHost, check: (req) => policy.check(req), modeOf: (id) => store.sessions.get(id)?.chosen_mode ?? undefined }),
    // Temp files a stopped process left mid-write are removed now, before any turn runs.
    tempFiles: recoverTempFiles(opts.home),
    sandbox: p.sandbox,
  };
  return deps;
}
