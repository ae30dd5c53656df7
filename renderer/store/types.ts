import type { ImageRef } from '../../shared/images';
import type { SessionPlan } from '../../shared/plan';
import type { ReasoningEffort } from '../../shared/model-family';
import type { AgentChildSummary } from '../../shared/agents';
import type {
  ApprovalAnswer,
  ApprovalStatus,
  McpToolHints,
  CompactionFigures,
  ConflictKind,
  ConflictResolution,
  ModeSource,
  PermissionMode,
  PolicyDecision,
  PromptStatus,
  SessionStatus,
} from '../../shared';
import type { Budget, BudgetStop, CostTotals } from '../../shared/cost';
import type { Msg } from '../../shared/i18n/message';
import type { MachineStatus } from './machines';

/** What the panel knows of one session, kept up to date from summaries and events. */
export interface SessionView {
  id: string;
  ref: string;
  name: string | null;
  workspace: string;
  mode: PermissionMode;
  /** Where `mode` came from: chosen for the session, or a settings file's defaultMode. */
  modeSource: ModeSource;
  /** Status as the engine last reported it in a summary; the displayed one is derived (see status.ts). */
  summaryStatus: SessionStatus;
  /** Queued prompts as the engine last reported them in a summary (shown until `promptsKnown`). */
  summaryQueue: number;
  /**
   * Every prompt of the session that can still change its status is in `prompts`: the session was created while
   * the panel listened, its summary said nothing was active, or its prompts were read with `session.get`. Until
   * then its chip and queue come from its summary.
   */
  promptsKnown: boolean;
  totalTokens: number;
  /** The context meter: tokens in the model's view at the latest request, and the window; null before the first. */
  context: { tokens: number; window: number } | null;
  /** Money spent (null or absent until a summary or a usage event says) and the session's budget (see budget.ts). */
  cost?: CostTotals | null;
  budget?: Budget | null;
  createdAt: string;
  closed: boolean;
  /** Prompt ids in the order they were queued. */
  promptIds: string[];
  /** The ref of the session whose Agent call started it (null or absent at the top). */
  parent?: string | null;
  /** The session's live plan (absent: none). */
  plan?: SessionPlan;
  /** The provider and reasoning effort chosen for the session (/model, /effort); absent: config.json's. */
  chosenProvider?: string;
  reasoningEffort?: ReasoningEffort;
  /** The remote machine it runs on, as the host's hub says (absent: this machine). */
  machine?: string;
}

export interface PromptView {
  id: string;
  ref: string;
  sessionId: string;
  text: string;
  status: PromptStatus;
  error: string | null;
  /** The budget it is paused at, waiting for a person (set by `budget_reached`, cleared when it moves on). */
  budgetStop?: BudgetStop | null;
}

export type ToolCallStatus = 'running' | 'waiting_approval' | 'blocked' | 'denied' | 'cancelled' | 'done' | 'error';

export type TranscriptItem =
  /** A prompt as the person sent it, with the images it carries (kept in the data folder, fetched to show). */
  | { kind: 'user'; key: string; promptId: string; text: string; images?: ImageRef[] }
  /** An answer; `reasoning` is the model's thinking streamed before it ('' when none), shown folded away. */
  | { kind: 'assistant'; key: string; promptId: string | null; text: string; reasoning: string; streaming: boolean }
  | {
      kind: 'tool';
      key: string;
      promptId: string | null;
      callId: string;
      tool: string;
      input: unknown;
      decision: PolicyDecision | null;
      status: ToolCallStatus;
      output: string | null;
      error: string | null;
      /** The engine's own refusal of the call as data (a conflict, a stale read); none for what a tool said. */
      errorMsg?: Msg;
      approvalId: string | null;
      /** What the OS sandbox refused the command (writes, reads, connections), marked on its card. */
      refusals?: { kind: 'write' | 'read' | 'network'; target: string }[];
    }
  /** `msg`: the notice as data, rendered in the panel's language when painted (so a language switch re-renders it). */
  | { kind: 'notice'; key: string; promptId: string | null; tone: 'info' | 'warn' | 'error'; text: string; msg: Msg }
  | ({ kind: 'compaction'; key: string; promptId: string | null } & CompactionFigures)
  /** The turn's footer: its tokens and money so far, kept after its latest answer (see budget.ts). */
  | { kind: 'usage'; key: string; promptId: string; totalTokens: number; cost: CostTotals | null };

export interface ApprovalView {
  id: string;
  ref: string;
  sessionId: string;
  sessionRef: string;
  promptId: string | null;
  promptRef: string | null;
  callId: string;
  tool: string;
  input: unknown;
  decision: PolicyDecision;
  alwaysRule: string | null;
  /** What an MCP server says of the tool (read-only, destructive …), when the call is one of its tools. */
  hints?: McpToolHints | null;
  status: ApprovalStatus;
  answer: ApprovalAnswer | null;
  createdAt: string;
  /** The remote machine whose engine asks (absent: this machine). */
  machine?: string;
}

export interface ConflictView {
  id: string;
  sessionId: string;
  sessionRef: string;
  promptId: string | null;
  promptRef: string | null;
  kind: ConflictKind;
  otherSessionId: string | null;
  otherSessionRef: string | null;
  otherSessionName: string | null;
  paths: string[];
  detail: string;
  /** The detail as data, rendered in the panel's language when painted (absent on conflicts stored before). */
  detailMsg?: Msg;
  resolution: ConflictResolution | null;
}

/**
 * How much of one session's stored history the panel holds: its events from `oldestSeq` on (the newest pages),
 * all of them once `complete`. Only sessions on screen (and a few seen last) have one; see history.ts.
 */
export interface HistoryView {
  oldestSeq: number;
  complete: boolean;
  loadingOlder: boolean;
}

/** The engine-derived part of the store: everything here is rebuilt from summaries plus replayed events. */
export interface DomainState {
  sessions: Record<string, SessionView>;
  /** Session ids in creation order. */
  sessionOrder: string[];
  prompts: Record<string, PromptView>;
  /** Transcripts of the sessions whose history is loaded (see `history`); absent for the others. */
  transcripts: Record<string, TranscriptItem[]>;
  history: Record<string, HistoryView>;
  approvals: Record<string, ApprovalView>;
  conflicts: Record<string, ConflictView>;
  /**
   * Highest stored (non-ephemeral) event seq applied, overall and per session with a loaded transcript (replays
   * skip what is known).
   */
  lastSeq: number;
  seqBySession: Record<string, number>;
  /** Children of Agent calls by child session id, as their latest `agent_child` event says. */
  agentChildren: Record<string, AgentChildSummary>;
  /** The machines' states by name (`local` always connected), from machines.list and machine_state (machines.ts). */
  machines: Record<string, MachineStatus>;
  /** Machine names in the machines list's order: `local` first, then the remote machines. */
  machineOrder: string[];
}

export const emptyDomain = (): DomainState => ({
  sessions: {},
  sessionOrder: [],
  prompts: {},
  transcripts: {},
  history: {},
  approvals: {},
  conflicts: {},
  agentChildren: {},
  machines: {},
  machineOrder: [],
  lastSeq: 0,
  seqBySession: {},
});
