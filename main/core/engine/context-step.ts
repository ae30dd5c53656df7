import type { RuntimeConfig } from '../../../shared/config';
import { ok, type Result } from '../../../shared/result';
import type { ResolvedProvider } from '../config/types';
import { budgetFor, type ContextBudget } from '../context/budget';
import { fitContext, type FitContextOk } from '../context/compaction';
import type { CompactionStore } from '../context/compaction-store';
import type { CompactionReason, ContextTooLarge } from '../context/compaction-types';
import { loadInstructions, withInstructions, type InstructionsCache } from '../context/instructions';
import type { InstructionsTracker } from '../context/instructions-tracker';
import type { TokenCounters } from '../context/tokens';
import type { WindowResolver } from '../context/window';
import type { ContextOverflow, ModelClient, ToolSpec } from '../model/types';
import type { SessionRow } from '../store/rows';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';
import { basePrompt, composeSystem, planBlock } from './system-prompt';
import { promptFamilyOf } from './prompt/families';
import type { EnvironmentSource } from './prompt/source';
import { beforeCompaction, type HookRunner } from '../hooks';
import { pricedUsage, type PriceQuoter } from '../cost/types';

/** What the model's view of a session is built from; made once in the composition root. */
export interface ContextDeps {
  home: string;
  compactions: CompactionStore;
  counters: TokenCounters;
  windows: WindowResolver;
  instructions: InstructionsCache;
  tracker: InstructionsTracker;
  /**
   * The last system prompt counted per session: it holds the project instructions (up to 64 KiB) and only changes
   * when they do, so it is not tokenized again at every step.
   */
  systemCounts: Map<string, { encoding: string; text: string; tokens: number }>;
  /** Each session's environment block, rebuilt at its turn's start. */
  environment: EnvironmentSource;
  /** PreCompact hooks run before a compaction. */
  hooks?: HookRunner;
  /** Prices a compaction's summary request as its usage is recorded (none: recorded unpriced). */
  prices?: { quote: PriceQuoter };
}

export interface ViewRequest {
  store: Store;
  bus: EventBus;
  context: ContextDeps;
  tools: readonly ToolSpec[];
  session: SessionRow;
  /** The prompt whose turn this is; null for a compaction asked for outside a turn. */
  promptId: string | null;
  client: ModelClient;
  provider: ResolvedProvider;
  config: RuntimeConfig;
  signal: AbortSignal;
  reason: CompactionReason;
  focus?: string | null;
  refused?: ContextOverflow | null;
}

export interface PreparedView extends FitContextOk {
  budget: ContextBudget;
}

/**
 * The messages of the next request: the system prompt with the project instructions as they are now, then the
 * session's view (compacted first when it would pass the threshold, or when asked). Announces new project
 * instructions, a compaction (with the summary's usage) and the context meter, each committed with its event.
 */
export async function prepareView(r: ViewRequest): Promise<Result<PreparedView, ContextTooLarge>> {
  const { store, bus, session, context } = r;
  const loaded = loadInstructions({ workspace: session.workspace, home: context.home, cache: context.instructions });
  const system = composeSystem(withInstructions(basePrompt(session.workspace, r.tools, promptFamilyOf(r.provider)), loaded), {
    environment: context.environment.current(session.id),
    plan: planBlock(store.sessions.plan(session.id)),
  });
  const changed = context.tracker.use(session.id, r.promptId, loaded);
  if (changed) bus.emit(changed);

  const counter = context.counters.forModel(r.provider.model);
  const window = await context.windows.resolve(r.provider);
  const budget = budgetFor({ window, provider: r.provider, config: r.config, counter, tools: r.tools });
  let counted = context.systemCounts.get(session.id);
  if (!counted || counted.text !== system || counted.encoding !== counter.encoding) {
    counted = { encoding: counter.encoding, text: system, tokens: counter.countMessage({ role: 'system', content: system }) };
    context.systemCounts.set(session.id, counted);
  }
  // Counts of messages not counted yet (a step's new ones) are kept in the transaction that stores the context
  // meter below, rather than in one of their own: one commit per step fewer. They are a cache: a step that throws
  // (cancelled during a summary) keeps none, and they are counted again when next needed.
  const counts: [id: number, tokens: number][] = [];
  const keepCounts = (): void => {
    for (const [id, tokens] of counts.splice(0)) store.transcript.setTokens(id, tokens);
  };
  const fitted = await fitContext({
    store: { transcript: { list: (id) => store.transcript.list(id), setTokens: (id, tokens) => void counts.push([id, tokens]) } },
    compactions: context.compactions,
    client: r.client,
    counter,
    budget,
    sessionId: session.id,
    system,
    systemTokens: counted.tokens,
    signal: r.signal,
    reason: r.reason,
    focus: r.focus ?? null,
    refused: r.refused ?? null,
    settings: r.config.compaction,
    promptLabel: (id) => store.prompts.get(id)?.ref ?? id,
    beforeCompacting: async () => {
      const hooks = context.hooks;
      if (!hooks) return;
      const p = r.promptId ? store.prompts.get(r.promptId) : undefined;
      await beforeCompaction(hooks, { session, prompt: p ? { id: p.id, ref: p.ref } : null, signal: r.signal }, r.reason === 'manual' ? 'manual' : 'auto', r.focus ?? null);
    },
  });
  if (!fitted.ok) {
    if (counts.length > 0) store.tx(keepCounts);
    return fitted;
  }
  const { compacted, view } = fitted.value;
  const meter = view.tokens + budget.toolSpecTokens;
  bus.batch(() => {
    keepCounts();
    if (compacted) {
      if (compacted.usage && r.promptId) {
        const u = compacted.usage;
        const total = store.usage.record(pricedUsage(r.context.prices, { sessionId: session.id, promptId: r.promptId, provider: u.provider, model: u.model, ...u.usage }));
        bus.emit({ type: 'usage', sessionId: session.id, promptId: r.promptId, provider: u.provider, model: u.model, ...u.usage, sessionTotalTokens: total, contextTokens: meter, contextWindow: budget.window });
      }
      bus.emit({
        type: 'context_compacted',
        sessionId: session.id,
        promptId: r.promptId,
        reason: compacted.reason,
        tokensBefore: compacted.tokensBefore,
        tokensAfter: compacted.tokensAfter,
        prunedToolOutputs: compacted.prunedToolOutputs,
        summaryTokens: compacted.summaryTokens,
        summary: compacted.summary,
        summaryError: compacted.summaryError,
        ...(compacted.summaryErrorMsg ? { summaryErrorMsg: compacted.summaryErrorMsg } : {}),
      });
    }
    store.sessions.setContextMeter(session.id, meter, budget.window);
  });
  return ok({ ...fitted.value, budget });
}
