import type { ModelClient, ToolSpec } from '../model/types';
import type { ToolDefinition } from '../tools/types';
import type { PreparedCall } from '../tools/prepare';
import type { Store } from '../store/store';
import type { Result } from '../../../shared/result';
import type { Msg } from '../../../shared/i18n/message';
import type { EventBus } from './event-bus';
import type { Authorizer } from './authorizer';
import type { ApprovalWaiters } from './approval-waiters';
import type { SlotLease, Slots } from './slots';
import type { Pauses } from './pauses';
import type { PromptLifecycle } from './prompt-lifecycle';
import type { ContextDeps } from './context-step';
import type { ResolvedProvider } from '../config/types';
import type { RuntimeConfig } from '../../../shared/config';
import type { HostEnv } from '../host-env';
import type { WebAccess } from '../tools/webfetch-access';
import type { HookRunner } from '../hooks';
import type { TempFileJournal } from '../tools/temp-journal';

export interface ToolBox {
  specs: ToolSpec[];
  parse(name: string, argumentsJson: string): Result<{ tool: ToolDefinition; input: unknown }>;
  /** Once per call, after `parse`: effects and the parsed shell command that the policy and the gate share. */
  prepare(tool: ToolDefinition, input: unknown, workspace: string): Promise<PreparedCall>;
  /** The tools of one turn: these plus the session's MCP servers' (started now), read live at each step. */
  forTurn?(session: { id: string; workspace: string }, signal: AbortSignal): Promise<ToolBox>;
}

export type ApprovalsMode = 'ask' | 'all' | 'never';

/** One tool call as the conflict gate sees it. */
export interface GateCall {
  sessionId: string;
  promptId: string;
  /** The model's id of the tool call. */
  callId: string;
  /** The call as prepared once (`ToolBox.prepare`): tool, parsed input, declared effects, parsed command. */
  prepared: PreparedCall;
  signal: AbortSignal;
  /** The turn's slot: a call that waits on another session or a person gives it up meanwhile. */
  lease: SlotLease;
}

/** A refusal's `error` is what the model reads; `errorMsg` is the same sentence for people (`english(errorMsg) === error`). */
export type GateAnswer = { proceed: true } | { proceed: false; error: string; errorMsg: Msg };

/** What a precheck settled, handed back to beforeCall of the same call so that nobody is asked twice. */
export interface PrecheckCarry {
  promptId: string;
  callId: string;
  /** Prompts whose write leases a person (or `--on-conflict override`) let this call override. */
  overriddenPrompts: readonly string[];
  /** A destructive git command was let through over other sessions' uncommitted edits. */
  destructiveOverridden: boolean;
}

/** A second check after the policy: conflicts with other sessions (filled by the conflict engine). */
export interface CallGate {
  /** `prechecked`: what `precheck` returned for this same call, or null when it was not prechecked. */
  beforeCall(call: GateCall, prechecked: PrecheckCarry | null): Promise<GateAnswer>;
  afterCall?(call: Omit<GateCall, 'signal' | 'lease'> & { ok: boolean }): void | Promise<void>;
  /**
   * The part of the check that needs no approval (other sessions' leases, stale reads, destructive git), run
   * before an approval card is raised so no one approves a call that then stops at a conflict. It takes no
   * lock and writes nothing; beforeCall still runs after approval and is given the returned carry.
   */
  precheck?(call: GateCall): Promise<{ proceed: true; carry: PrecheckCarry } | { proceed: false; error: string; errorMsg: Msg }>;
}

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
  model: () => Result<{ client: ModelClient; maxSteps: number; provider: ResolvedProvider; config: RuntimeConfig }>;
  /** What the model's view of a session is built from (compactions, token counts, windows, instructions). */
  context: ContextDeps;
  /** The engine's defaults; a prompt's own `approvals` wins (see run-options.ts). */
  approvals: ApprovalsMode;
  headless: boolean;
  gate: CallGate | null;
  /** `~` and the environment the tools run with: the ones the policy decided with. */
  host: HostEnv;
  /** WebFetch's resolver and the policy's say on the URLs it meets mid-call. */
  web?: WebAccess;
  /** Reads the prices the next request's usage is costed at (main/core/cost/price-book.ts). */
  prices?: { warm(): Promise<void> };
  /** Pauses the turn before a model request while a session or daily budget is used up (main/core/cost/budgets.ts). */
  budgets?: { beforeRequest(sessionId: string, promptId: string, signal: AbortSignal, lease: SlotLease): Promise<void> };
  /** The settings' hooks (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, Notification). */
  hooks?: HookRunner;
  /** Where tools record their temp files before creating them, for the next start to remove after a crash. */
  tempFiles?: TempFileJournal;
}
