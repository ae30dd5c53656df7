import { z } from 'zod';
import { ApprovalAnswer, ApprovalStatus, PermissionMode, PolicyDecision } from './policy';
import { ModeSource } from './session-mode';
import { McpScope, McpServerState, McpToolHints } from './mcp';
import { HookDecision, HookEventName, HookSource } from './hooks';
import { PromptStatus } from './status';
import { Budget, BudgetKind, BudgetUnit, CostTotals } from './cost';
import { LanguageState } from './config';
import { MsgSchema } from './msg-schema';
import { AgentChildSummary, AgentIsolation, AgentOutcome } from './agents';
import { PlanItem } from './plan';
import { ImageRef } from './images';
import { ReasoningEffort } from './model-family';
import { MachineState } from './machines';

/** Fields every engine event carries. `seq` is the store's order; events are persisted before they are published. */
const base = {
  seq: z.number().int(),
  ts: z.string(),
  sessionId: z.string(),
  sessionRef: z.string(),
  sessionName: z.string().nullable(),
  promptId: z.string().nullable(),
  promptRef: z.string().nullable(),
  /** The remote machine whose engine sent it, set by the host's hub (absent: this machine's engine). */
  machine: z.string().optional(),
};

export const ConflictKind = z.enum(['declared_output', 'write_write', 'stale_read', 'exclusive_command', 'git_destructive']);
export type ConflictKind = z.infer<typeof ConflictKind>;
export const ConflictResolution = z.enum(['override', 'wait', 'cancel', 'block']);
export type ConflictResolution = z.infer<typeof ConflictResolution>;

export const ToolCallRef = z.object({ id: z.string(), name: z.string() });

/** Why the model's view was compacted: near the window ('auto'), refused by the provider ('overflow'), asked for. */
export const CompactionReason = z.enum(['auto', 'overflow', 'manual']);
export type CompactionReason = z.infer<typeof CompactionReason>;

/** What a compaction did: carried by the `context_compacted` event and the `session.compact` answer. */
export const CompactionFigures = z.object({
  reason: CompactionReason,
  tokensBefore: z.number().int(),
  tokensAfter: z.number().int(),
  prunedToolOutputs: z.number().int(),
  summaryTokens: z.number().int(),
  /** The summary written now (null when none was needed, or the request failed: then `summaryError` says why). */
  summary: z.string().nullable(),
  summaryError: z.string().nullable(),
  /** Why no summary was written, as data for people (absent on compactions stored before, or when none failed). */
  summaryErrorMsg: MsgSchema.optional(),
});
export type CompactionFigures = z.infer<typeof CompactionFigures>;

export const EngineEvent = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('session_created'),
    workspace: z.string(),
    /** The mode the session starts in and where it came from (absent from older events). */
    mode: PermissionMode.optional(),
    modeSource: ModeSource.optional(),
    /** Set on a fork: the session it was copied from, and that session's last event included in the copy. */
    forkedFrom: z.object({ sessionId: z.string(), sessionRef: z.string(), seq: z.number().int() }).optional(),
  }),
  z.object({ ...base, type: z.literal('session_closed') }),
  /** A closed session was opened again (`session.reopen`): it takes prompts again. */
  z.object({ ...base, type: z.literal('session_reopened') }),
  /** A person picked the session's mode (`modeSource` 'session'), or let it follow the settings again. */
  z.object({ ...base, type: z.literal('session_mode'), mode: PermissionMode, modeSource: ModeSource }),
  /** A person chose the session's provider (/model) or reasoning effort (/effort); null: config.json's again. */
  z.object({ ...base, type: z.literal('session_model'), chosenProvider: z.string().nullable(), reasoningEffort: ReasoningEffort.nullable() }),
  /** `images`: what the prompt carries for a vision model (absent: none). */
  z.object({ ...base, type: z.literal('prompt_queued'), text: z.string(), position: z.number().int(), images: z.array(ImageRef).optional() }),
  z.object({ ...base, type: z.literal('prompt_status'), status: PromptStatus }),
  z.object({ ...base, type: z.literal('turn_started'), resumed: z.boolean() }),
  /** Streaming text; published but not persisted (the assistant_message that follows is). */
  z.object({ ...base, type: z.literal('assistant_delta'), text: z.string() }),
  /** Streaming reasoning (the model's thinking, apart from the answer); published but not persisted. */
  z.object({ ...base, type: z.literal('reasoning_delta'), text: z.string() }),
  z.object({
    ...base,
    type: z.literal('assistant_message'),
    content: z.string(),
    toolCalls: z.array(ToolCallRef),
    /** The reasoning the model streamed before this answer (absent when it sent none). */
    reasoning: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('tool_call'),
    callId: z.string(),
    tool: z.string(),
    input: z.unknown(),
    decision: PolicyDecision.nullable(),
  }),
  z.object({
    ...base,
    type: z.literal('tool_result'),
    callId: z.string(),
    tool: z.string(),
    ok: z.boolean(),
    output: z.string().nullable(),
    error: z.string().nullable(),
    /** The engine's own refusal of the call as data (a conflict, a stale read), for people; what a tool said has none. */
    errorMsg: MsgSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('approval_requested'),
    approvalId: z.string(),
    approvalRef: z.string(),
    callId: z.string(),
    tool: z.string(),
    input: z.unknown(),
    decision: PolicyDecision,
    alwaysRule: z.string().nullable(),
    /** What an MCP server says of the tool (read-only, destructive …): shown on the card, never used to decide. */
    hints: McpToolHints.nullable().optional(),
    /** For a child's card: its parent's ref and name, so every place shows it `parent › child` (absent at the top). */
    parentRef: z.string().optional(),
    parentName: z.string().nullable().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('approval_resolved'),
    approvalId: z.string(),
    approvalRef: z.string(),
    status: ApprovalStatus,
    answer: ApprovalAnswer.nullable(),
  }),
  z.object({
    ...base,
    type: z.literal('conflict'),
    conflictId: z.string(),
    kind: ConflictKind,
    otherSessionId: z.string().nullable(),
    otherSessionRef: z.string().nullable(),
    otherSessionName: z.string().nullable(),
    paths: z.array(z.string()),
    detail: z.string(),
    /** The detail as data, for clients to render in their language (absent on conflicts stored before). */
    detailMsg: MsgSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('conflict_resolved'),
    conflictId: z.string(),
    resolution: ConflictResolution,
  }),
  z.object({
    ...base,
    type: z.literal('model_retry'),
    provider: z.string(),
    attempt: z.number().int(),
    delayMs: z.number().int(),
    error: z.string(),
    /** The failure as data, for people (absent on retries stored before); `error` is its English, for logs and the model. */
    errorMsg: MsgSchema.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('usage'),
    provider: z.string(),
    model: z.string(),
    promptTokens: z.number().int(),
    completionTokens: z.number().int(),
    totalTokens: z.number().int(),
    sessionTotalTokens: z.number().int(),
    /** The context meter after this request: tokens in the model's view and its window (absent from older events). */
    contextTokens: z.number().int().nullable().optional(),
    contextWindow: z.number().int().nullable().optional(),
    /** This request's cost in US dollars; null when its price is unknown (absent from older events). */
    cost: z.number().nullable().optional(),
    /** The prompt's and the session's totals after this request (absent from older events). */
    promptTotalTokens: z.number().int().optional(),
    promptCost: CostTotals.optional(),
    sessionCost: CostTotals.optional(),
  }),
  /**
   * The prompt paused before its next model request because a budget is used up: the session's own or the day's
   * total of all sessions. It waits for a person: a higher limit, past it once, or stop (`budget.resolve`).
   */
  z.object({ ...base, type: z.literal('budget_reached'), kind: BudgetKind, unit: BudgetUnit, limit: z.number(), used: z.number() }),
  /** A person set the session's budget, or removed it (null). */
  z.object({ ...base, type: z.literal('session_budget'), budget: Budget.nullable() }),
  /**
   * The model's view was compacted: old tool outputs pruned and/or older turns summarised. `summary` is the
   * summary written now (null when none was needed, or the request failed: then `summaryError` says why).
   */
  z.object({ ...base, type: z.literal('context_compacted'), ...CompactionFigures.shape }),
  z.object({ ...base, type: z.literal('turn_completed'), content: z.string() }),
  /** `errorMsg` / `reasonMsg`: the sentence as data for people (absent on turns stored before); the string is its English. */
  z.object({ ...base, type: z.literal('turn_failed'), error: z.string(), errorMsg: MsgSchema.optional() }),
  z.object({ ...base, type: z.literal('turn_cancelled'), reason: z.string(), reasonMsg: MsgSchema.optional() }),
  /** The next request of the session uses project instructions (AGENTS.md / CLAUDE.md) that differ from the last ones. */
  z.object({
    ...base,
    type: z.literal('instructions_changed'),
    sources: z.array(z.object({ path: z.string(), bytes: z.number().int(), truncated: z.boolean() })),
    hash: z.string(),
  }),
  /** A hook of the settings ran (or a project hook was not run, `notRun` saying why); shown as a transcript line. */
  z.object({
    ...base,
    type: z.literal('hook_ran'),
    event: HookEventName,
    command: z.string(),
    source: HookSource,
    /** Null when it was killed (timeout, cancel) or did not run. */
    exitCode: z.number().int().nullable(),
    ms: z.number().int(),
    decision: HookDecision.nullable(),
    timedOut: z.boolean(),
    tool: z.string().nullable(),
    message: z.string().nullable(),
    /** Set when `message` is the engine's sentence (the hook said nothing), the same as data; a hook's words have none. */
    messageMsg: MsgSchema.optional(),
    notRun: z.string().nullable(),
    /** Why it was not run as data, for clients to render in their language (absent on hook runs stored before). */
    notRunMsg: MsgSchema.optional(),
    /** True when it ran confined by the OS sandbox (a project hook where the sandbox is on); absent otherwise. */
    sandboxed: z.boolean().optional(),
  }),
  /**
   * An MCP server's process started, became ready, failed, stopped, or changed its tools or users. Not about one
   * session: `sessionId` is '' and the event is not stored (the MCP view asks `mcp.list` for the rest).
   */
  z.object({
    ...base,
    type: z.literal('mcp_server_state'),
    server: z.string(),
    scope: McpScope,
    workspace: z.string().nullable(),
    state: McpServerState,
    pid: z.number().int().nullable(),
    error: z.string().nullable(),
    /** The failure as data, for people; `error` is its English. */
    errorMsg: MsgSchema.optional(),
    tools: z.number().int(),
  }),
  /** The OS sandbox refused a confined command a write, a read or a connection (the call's result says it too). */
  z.object({
    ...base,
    type: z.literal('sandbox_violation'),
    callId: z.string(),
    kind: z.enum(['write', 'read', 'network']),
    /** The path, or `host:port`. */
    target: z.string(),
  }),
  /**
   * Once per engine start, for the first session whose Bash call meets it: the settings turn the sandbox on, it
   * cannot run here, and sandbox.failIfUnavailable is false, so commands take the normal permission flow.
   * `reason` is the English of `reasonMsg` (what is missing and the command that installs it).
   */
  z.object({ ...base, type: z.literal('sandbox_off'), reason: z.string(), reasonMsg: MsgSchema }),
  /** The parent session (`sessionId`) started a child session through its `Agent` call `callId`. */
  z.object({
    ...base,
    type: z.literal('agent_spawned'),
    parent: z.string(),
    child: z.string(),
    childRef: z.string(),
    callId: z.string(),
    description: z.string(),
    isolation: AgentIsolation,
    outputs: z.array(z.string()),
  }),
  /**
   * A child cannot start yet: `max_children` (its parent's places are taken) or `outputs` (siblings `with`, whose
   * declared outputs overlap `paths`, are not integrated yet). On the parent's session.
   */
  z.object({
    ...base,
    type: z.literal('agent_waiting'),
    child: z.string(),
    childRef: z.string(),
    reason: z.enum(['max_children', 'outputs']),
    with: z.array(z.string()),
    paths: z.array(z.string()),
  }),
  /** A child's own prompt ended; on the parent's session. `files`: what it changed. */
  z.object({
    ...base,
    type: z.literal('agent_completed'),
    child: z.string(),
    childRef: z.string(),
    outcome: AgentOutcome,
    files: z.array(z.string()),
  }),
  /** A child's changes were integrated into its parent's workspace (uncommitted changes of the parent). */
  z.object({ ...base, type: z.literal('integration_merged'), child: z.string(), childRef: z.string(), files: z.array(z.string()) }),
  /**
   * A child's changes conflict with what its parent's workspace holds now: nothing in the parent changed, the child
   * was told (`files`, and the siblings `with` that changed them) in its own session. `attempt` counts from 1.
   */
  z.object({
    ...base,
    type: z.literal('integration_conflict'),
    child: z.string(),
    childRef: z.string(),
    files: z.array(z.string()),
    with: z.array(z.string()),
    attempt: z.number().int().min(1),
  }),
  /**
   * The project's worktree setup command (`worktree.setup` in .paragents/settings.json) ran in a new child's worktree
   * before the child started; on the CHILD's session. `output`: the end of what it printed; exitCode null: killed.
   */
  z.object({ ...base, type: z.literal('agent_setup'), command: z.string(), exitCode: z.number().int().nullable(), output: z.string() }),
  /** Anything about a child changed (state, files, integration): the whole record, for views to redraw. On the parent's session. */
  z.object({ ...base, type: z.literal('agent_child'), childSummary: AgentChildSummary }),
  /** The session's Plan tool replaced its plan (an empty list clears it). */
  z.object({ ...base, type: z.literal('plan_updated'), items: z.array(PlanItem) }),
  /**
   * The user settings turned the sandbox on or off (`sandbox.setEnabled`): open pages ask again whether their
   * sessions are confined. Not about one session: `sessionId` is '' and the event is not stored.
   */
  z.object({ ...base, type: z.literal('sandbox_changed'), enabled: z.boolean() }),
  /**
   * The language setting in config.json changed (`config.setLanguage`): every open page and the gateways follow it
   * at once. Not about one session: `sessionId` is '' and the event is not stored. `override` is PARAGENTS_LANG in
   * the engine's environment, which wins over the setting; each receiver resolves `system` with its own system.
   */
  z.object({ ...base, type: z.literal('language_changed'), ...LanguageState.pick({ setting: true, override: true }).shape }),
  /**
   * The host's hub connected to a remote machine's engine, lost it, or is trying again; `machine` names it, and
   * `problem` says why it is disconnected. Not about one session: `sessionId` is '' and the event is not stored.
   */
  z.object({ ...base, type: z.literal('machine_state'), machine: z.string(), state: MachineState, problem: MsgSchema.nullable() }),
]);
export type EngineEvent = z.infer<typeof EngineEvent>;
export type EngineEventType = EngineEvent['type'];
export type EventOf<T extends EngineEventType> = Extract<EngineEvent, { type: T }>;

/** Distributive Omit, so each member of the union keeps its own fields. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before the store stamps it with seq, ts and the session/prompt names. */
export type EngineEventDraft = DistributiveOmit<
  EngineEvent,
  'seq' | 'ts' | 'sessionRef' | 'sessionName' | 'promptRef'
>;

/** Events that are published live but not stored. */
export const EPHEMERAL_EVENTS: ReadonlySet<EngineEventType> = new Set(['assistant_delta', 'reasoning_delta', 'mcp_server_state', 'language_changed', 'sandbox_changed', 'machine_state']);


export function compactionFigures(e: EventOf<'context_compacted'>): CompactionFigures {
  const { reason, tokensBefore, tokensAfter, prunedToolOutputs, summaryTokens, summary, summaryError, summaryErrorMsg } = e;
  return { reason, tokensBefore, tokensAfter, prunedToolOutputs, summaryTokens, summary, summaryError, ...(summaryErrorMsg ? { summaryErrorMsg } : {}) };
}
