import type { ModelClient, ToolSpec } from '../model/types';
import type { AgentRunner, BashSandbox, ToolDefinition } from '../tools/types';
import type { CallCard } from './tool-call/call-card';
import type { SessionRow } from '../store/rows';
import type { PreparedCall } from '../policy/prepare';
import type { Store } from '../store/store';
import type { Result } from '../../../shared/result';
import type { EventBus } from '../kernel/event-bus';
import type { Authorizer } from './authorizer';
import type { ApprovalWaiters } from '../kernel/approval-waiters';
import type { AskNetwork } from '../sandbox/runtime';
import type { SlotLease, Slots } from '../kernel/slots';
import type { CallGate } from '../kernel/call-gate';
import type { Pauses } from '../kernel/pauses';
import type { PromptLifecycle } from '../kernel/prompt-lifecycle';
import type { ContextDeps } from './context-step';
import type { ResolvedProvider } from '../config/types';
import type { RuntimeConfig } from '../../../shared/config';
import type { HostEnv } from '../host-env';
import type { WebAccess } from '../tools/webfetch-access';
import type { HookRunner } from '../hooks';
import type { TempFileJournal } from '../tools/temp-journal';
import type { PriceQuoter } from '../cost/types';
import type { ImageStore } from '../images/store';

export interface ToolBox {
  specs: ToolSpec[];
  parse(name: string, argumentsJson: string): Result<{ tool: ToolDefinition; input: unknown }>;
  /** Once per call, after `parse`: effects and the parsed shell command that the policy and the gate share. */
  prepare(tool: ToolDefinition, input: unknown, workspace: string): Promise<PreparedCall>;
  /** The tools of one turn: these plus the session's MCP servers' (started now), read live at each step. */
  forTurn?(session: { id: string; workspace: string }, signal: AbortSignal): Promise<ToolBox>;
}

export type ApprovalsMode = 'ask' | 'all' | 'never';

/** Everything a turn needs, passed in so the same loop runs in the app, the CLI and the tests. */
export interface TurnDeps {
  store: Store;
  bus: EventBus;
  /** The only writer of prompt status. */
  prompts: PromptLifecycle;
  tools: ToolBox;
  authorizer: Authorizer;
  waiters: ApprovalWaiters;
  slots: Slots;
  pauses: Pauses;
  /**
   * Resolves the model client at turn start, so a config fixed in the setup view applies to the next turn; with
   * the default provider (whose window the view is fitted to) and the settings.
   */
  // `providers`: every configured one, which a session may have picked (/model); `provider`: the default.
  model: () => Result<{ client: ModelClient; maxSteps: number; provider: ResolvedProvider; providers: readonly ResolvedProvider[]; config: RuntimeConfig }>;
  /** What the model's view of a session is built from (compactions, token counts, windows, instructions). */
  context: ContextDeps;
  /** The engine's defaults; a prompt's own `approvals` wins (see run-options.ts). */
  approvals: ApprovalsMode;
  headless: boolean;
  gate: CallGate<PreparedCall> | null;
  /** `~` and the environment the tools run with: the ones the policy decided with. */
  host: HostEnv;
  /** WebFetch's resolver and the policy's say on the URLs it meets mid-call. */
  web?: WebAccess;
  /** Reads the prices the next request's usage is costed at (main/core/cost/price-book.ts). */
  prices?: { warm(): Promise<void>; quote: PriceQuoter };
  /** Pauses the turn before a model request while a session or daily budget is used up (main/core/cost/budgets.ts). */
  budgets?: { beforeRequest(sessionId: string, promptId: string, signal: AbortSignal, lease: SlotLease): Promise<void> };
  /** The settings' hooks (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, Notification). */
  hooks?: HookRunner;
  /** Where tools record their temp files before creating them, for the next start to remove after a crash. */
  tempFiles?: TempFileJournal;
  /** The OS sandbox of a session, for the Bash calls the policy placed in it (absent: no call is confined). */
  sandbox?: (session: SessionRow, askNetwork?: AskNetwork) => BashSandbox;
  /** The images of prompts and tool results, kept in the data folder (absent: none are sent). */
  images?: ImageStore;
  /** Children of Agent calls (absent: the Agent tool says it cannot start any). */
  agents?: AgentsPort;
}

/** What a turn asks of the agents service (main/core/engine/agents). */
export interface AgentsPort {
  /** Starts (once) and awaits the child of one Agent call, away from the turn's slot. */
  forCall(at: {
    session: SessionRow;
    prompt: { id: string; ref: string };
    callId: string;
    signal: AbortSignal;
    lease: SlotLease;
    /** Asks a person on a card of this call (under the prompt's run options); true when allowed. */
    ask: (card: CallCard) => Promise<boolean>;
  }): AgentRunner;
  /** The Agent call already started its child in an earlier run of the turn: resumed, it awaits that child again. */
  hasChild(parentId: string, callId: string): boolean;
  /** A stop (shutdown) leaves this session's running turn to resume at the next start: a parent or child at work. */
  keepsAcrossStop(sessionId: string): boolean;
}
