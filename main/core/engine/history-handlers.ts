import { offeredTools } from '../tools/offered';
import { statSync } from 'node:fs';
import type { RequestHandlers } from '../../../shared/api';
import type { ContextPart } from '../../../shared/session-context';
import { err, ok, type Result } from '../../../shared/result';
import { loadConfig, type ConfigFileCache, type Env } from '../config';
import type { ResolvedProvider } from '../config/types';
import type { ToolSpec } from '../model/types';
import type { Store } from '../store/store';
import { copySessionHistory } from '../store/fork';
import { copyCompaction } from '../context/fork-compaction';
import type { InstructionsTracker } from '../context/instructions-tracker';
import { loadInstructions, withInstructions, type InstructionsCache } from '../context/instructions';
import type { TokenCounters } from '../context/tokens';
import { tableWindow } from '../context/model-windows';
import { DEFAULT_CONTEXT_WINDOW, type ContextWindow, type WindowProvider } from '../context/window';
import type { CompactionStore } from '../context/compaction-store';
import { buildModelView, headMessage, rowTokens } from '../context/view';
import type { EventBus } from '../kernel/event-bus';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import { basePrompt, composeSystem, planBlock } from './system-prompt';
import { promptFamilyOf } from './prompt/families';
import type { EnvironmentSource } from './prompt/source';
import { sessionProvider } from './session-model';
import type { SessionRow } from '../store/rows';
import type { EffectiveMode } from '../policy';
import { msg } from '../../../shared/i18n/message';

export type HistoryRequestNames = 'session.context' | 'session.fork';

export interface HistoryDeps {
  store: Store;
  bus: EventBus;
  home: string;
  env: Env;
  /** The engine's config.json cache; none reads the file every time. */
  configCache?: ConfigFileCache;
  tools: readonly ToolSpec[];
  /** The engine's instruction files cache, shared with the turns. */
  instructions: InstructionsCache;
  counters: TokenCounters;
  /** The engine's window resolver; without it: config.json's contextWindow, else the built-in table, else the default. */
  resolveWindow?: (provider: WindowProvider) => Promise<ContextWindow>;
  /** The session's effective mode and its source (policy engine). */
  modeOf: (row: SessionRow) => EffectiveMode;
  /** Writes the fork's copies of finished prompts (the prompt lifecycle: prompt rows have one writer). */
  prompts: Pick<PromptLifecycle, 'copyFinished'>;
  /** The engine's project-instructions tracker and compactions (built once by the composition root). */
  tracker: InstructionsTracker;
  compactions: CompactionStore;
  /** The environment block each session's steps see. */
  environment: EnvironmentSource;
}

/** `session.context` (what the model sees now, part by part) and `session.fork`. */
export function createHistoryHandlers(d: HistoryDeps): Pick<RequestHandlers, HistoryRequestNames> {
  const { store, bus } = d;
  const { tracker, compactions } = d;

  return {
    'session.context': async ({ session }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      const config = loadConfig({ home: d.home, env: d.env, cache: d.configCache });
      const provider: ResolvedProvider | null = config.ok ? sessionProvider(s.value, config.value.configured ?? config.value.providers, config.value.providers[0] ?? null) : null;
      const counter = d.counters.forModel(provider?.model ?? '');
      const window = provider ? await (d.resolveWindow ?? fallbackWindow)(provider) : null;

      const loaded = loadInstructions({ workspace: s.value.workspace, home: d.home, cache: d.instructions });
      const tools = offeredTools(d.tools, provider);
      const base = basePrompt(s.value.workspace, tools, promptFamilyOf(provider));
      const environment = await d.environment.peek(s.value);
      const plan = planBlock(store.sessions.plan(s.value.id));
      const system = composeSystem(withInstructions(base, loaded), { environment, plan });
      const compaction = compactions.latest(s.value.id);
      const rows = store.transcript.list(s.value.id);
      const systemTokens = counter.countMessage({ role: 'system', content: system });
      // Stored counts are used where the rows have them, so a long session is not tokenized again here.
      const view = buildModelView({ system, messages: rows, compaction, counter, systemTokens });

      const parts: ContextPart[] = [];
      const part = (p: Omit<ContextPart, 'source' | 'truncated'> & Partial<Pick<ContextPart, 'source' | 'truncated'>>): void => {
        parts.push({ source: null, truncated: false, ...p });
      };
      const fileTokens = loaded.blocks.map((b) => counter.countText(b));
      // The environment and the plan are counted apart from the base, which holds the rest of the system prompt.
      const envTokens = environment === '' ? 0 : counter.countText(environment);
      const planTokens = plan === '' ? 0 : counter.countText(plan);
      part({ kind: 'system', label: `system prompt (${promptFamilyOf(provider)})`, tokens: Math.max(0, systemTokens - sum(fileTokens) - envTokens - planTokens), items: 1 });
      loaded.sources.forEach((src, i) =>
        part({ kind: 'instructions', label: src.path, source: src.path, tokens: fileTokens[i] ?? 0, items: 1, truncated: src.truncated }),
      );
      if (environment !== '') part({ kind: 'environment', label: 'environment', tokens: envTokens, items: 1 });
      if (plan !== '') part({ kind: 'plan', label: 'plan', tokens: planTokens, items: store.sessions.plan(s.value.id)?.items.length ?? 0 });

      const covers = compaction?.coversThrough ?? null;
      const compacted = compaction !== null && covers !== null;
      let headTokens = 0;
      let promptTokens = 0;
      if (compaction && compacted) {
        const sameEncoding = compaction.encoding === null || compaction.encoding === counter.encoding;
        headTokens = sameEncoding ? compaction.headTokens : counter.countMessage(headMessage(compaction));
        const block = compaction.promptsBlock ? counter.countText(compaction.promptsBlock) : 0;
        part({ kind: 'summary', label: `summary (${compaction.reason} compaction, ${compaction.createdAt})`, tokens: Math.max(0, headTokens - block), items: 1 });
        promptTokens += block;
      }
      const shown = rows.filter((r) => r.message.role !== 'system' && (covers === null || r.id > covers));
      const userRows = shown.filter((r) => r.message.role === 'user');
      const userTokens = sum(userRows.map((r) => rowTokens(r, counter)));
      part({ kind: 'prompts', label: compacted ? 'your prompts (verbatim)' : 'your prompts', tokens: promptTokens + userTokens, items: userRows.length });
      part({
        kind: 'messages',
        label: 'answers and tool results',
        tokens: Math.max(0, view.tokens - systemTokens - headTokens - userTokens),
        items: shown.length - userRows.length,
      });
      part({ kind: 'tools', label: 'tool specs', tokens: counter.countTools(tools), items: tools.length });

      return ok({
        sessionId: s.value.id,
        sessionRef: s.value.ref,
        workspace: s.value.workspace,
        provider: provider?.name ?? null,
        model: provider?.model ?? null,
        encoding: counter.encoding,
        window: window?.tokens ?? null,
        windowSource: window?.source ?? null,
        parts,
        totalTokens: sum(parts.map((p) => p.tokens)),
        compacted,
        instructionsHash: loaded.hash,
      });
    },

    'session.fork': ({ session, name }) => {
      const s = store.sessions.resolve(session);
      if (!s.ok) return s;
      const source = s.value;
      if (name && store.sessions.byName(name)) return err('invalid_input', msg('notices.request.nameTaken', { name }));
      const folder = isFolder(source.workspace);
      if (!folder.ok) return folder;
      const worktree = store.worktrees.get(source.id);
      const copy = bus.batch(() => {
        const c = copySessionHistory(store, source, name ?? null, (sessionId, p) => d.prompts.copyFinished(sessionId, p));
        copyCompaction(compactions, source.id, c);
        tracker.copy(source.id, c.row.id);
        const mode = d.modeOf(c.row);
        bus.emit({
          type: 'session_created',
          sessionId: c.row.id,
          promptId: null,
          workspace: c.row.workspace,
          mode: mode.mode,
          modeSource: mode.source,
          forkedFrom: { sessionId: source.id, sessionRef: source.ref, seq: store.events.lastSeq(source.id) },
        });
        return c;
      });
      return ok({
        session: store.summaries.session(store.sessions.get(copy.row.id) ?? copy.row, d.modeOf(copy.row)),
        forkedFrom: { id: source.id, ref: source.ref, name: source.name },
        prompts: copy.prompts,
        messages: copy.messages,
        skippedPrompts: copy.skippedPrompts,
        sharedWorktree: worktree && worktree.state !== 'removed' ? worktree.path : null,
      });
    },
  };
}

async function fallbackWindow(provider: WindowProvider): Promise<ContextWindow> {
  if (provider.contextWindow !== undefined) return { tokens: provider.contextWindow, source: 'config' };
  const table = tableWindow(provider.model);
  return table !== null ? { tokens: table, source: 'table' } : { tokens: DEFAULT_CONTEXT_WINDOW, source: 'default' };
}

function isFolder(path: string): Result<null> {
  try {
    if (statSync(path).isDirectory()) return ok(null);
  } catch {
    // reported below
  }
  return err('invalid_state', msg('notices.request.workspaceGone', { path }));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
