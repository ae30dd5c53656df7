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
  totalTokens: number;
  /** The context meter: tokens in the model's view at the latest request, and the window; null before the first. */
  context: { tokens: number; window: number } | null;
  createdAt: string;
  closed: boolean;
  /** Prompt ids in the order they were queued. */
  promptIds: string[];
}

export interface PromptView {
  id: string;
  ref: string;
  sessionId: string;
  text: string;
  status: PromptStatus;
  error: string | null;
}

export type ToolCallStatus = 'running' | 'waiting_approval' | 'blocked' | 'denied' | 'cancelled' | 'done' | 'error';

export type TranscriptItem =
  | { kind: 'user'; key: string; promptId: string; text: string }
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
      approvalId: string | null;
    }
  | { kind: 'notice'; key: string; promptId: string | null; tone: 'info' | 'warn' | 'error'; text: string }
  | ({ kind: 'compaction'; key: string; promptId: string | null } & CompactionFigures);

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
  resolution: ConflictResolution | null;
}

/** The engine-derived part of the store: everything here is rebuilt from summaries plus replayed events. */
export interface DomainState {
  sessions: Record<string, SessionView>;
  /** Session ids in creation order. */
  sessionOrder: string[];
  prompts: Record<string, PromptView>;
  transcripts: Record<string, TranscriptItem[]>;
  approvals: Record<string, ApprovalView>;
  conflicts: Record<string, ConflictView>;
  /** Highest stored (non-ephemeral) event seq applied, overall and per session (replays skip what is known). */
  lastSeq: number;
  seqBySession: Record<string, number>;
}

export const emptyDomain = (): DomainState => ({
  sessions: {},
  sessionOrder: [],
  prompts: {},
  transcripts: {},
  approvals: {},
  conflicts: {},
  lastSeq: 0,
  seqBySession: {},
});
