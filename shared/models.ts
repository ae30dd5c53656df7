import { ImageRef } from './images';
import { SessionPlan } from './plan';
import { ReasoningEffort } from './model-family';
import { z } from 'zod';
import { PromptStatus, SessionStatus } from './status';
import { ApprovalStatus, PermissionMode, PolicyDecision } from './policy';
import { ModeSource } from './session-mode';
import { Budget, BudgetStop, CostTotals } from './cost';
import { MsgSchema } from './msg-schema';

export const Usage = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
});
export type Usage = z.infer<typeof Usage>;

/** A session isolated in its own git worktree on a new branch, so its edits stay apart until merged back. */
export const WorktreeInfo = z.object({
  /** The session's branch, `paragents/<session ref>`. */
  branch: z.string(),
  /** The branch the worktree was forked from and merges back into; null when the base was a detached HEAD. */
  baseRef: z.string().nullable(),
  /** The commit the worktree was forked from. */
  baseCommit: z.string(),
  /** The folder the session was asked to work in (inside the base repository). */
  baseWorkspace: z.string(),
  /** The worktree folder; the session's workspace is this folder or the same sub-folder of it. */
  path: z.string(),
  /** `merged`: merged at least once (later work may be unmerged); `removed`: the worktree folder is gone. */
  state: z.enum(['active', 'merged', 'removed']),
});
export type WorktreeInfo = z.infer<typeof WorktreeInfo>;

export const ContextMeter = z.object({
  tokens: z.number().int().min(0),
  window: z.number().int().min(1),
});
export type ContextMeter = z.infer<typeof ContextMeter>;

export const SessionSummary = z.object({
  id: z.string(),
  /** The remote machine the session runs on, set by the host's hub (absent: this machine). */
  machine: z.string().optional(),
  ref: z.string(),
  name: z.string().nullable(),
  workspace: z.string(),
  /** The mode the session works in now: the one chosen for it, else the settings' defaultMode, else default. */
  mode: PermissionMode,
  /** Where `mode` came from: `session` when a person chose it, else the settings file (or `default`). */
  modeSource: ModeSource,
  status: SessionStatus,
  queueLength: z.number().int().min(0),
  pendingApprovals: z.number().int().min(0),
  usage: Usage,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Set when the session runs in its own git worktree; null (or absent, from older producers) otherwise. */
  worktree: WorktreeInfo.nullable().optional(),
  /**
   * The context meter: tokens in the model's view at the session's latest request, and the window they must fit
   * in. Null before the first request (or absent, from older producers).
   */
  context: ContextMeter.nullable().optional(),
  /** Money spent so far (absent from older producers). */
  cost: CostTotals.optional(),
  /** The session's budget; null or absent: none. */
  budget: Budget.nullable().optional(),
  /** The budget its paused prompt stopped at, waiting for a person (null or absent: none). */
  budgetStop: BudgetStop.nullable().optional(),
  /** The ref of the session whose `Agent` call started it; null at the top (absent from older producers). */
  parent: z.string().nullable().optional(),
  /** Money spent by the session and every child below it (absent when it has no children, or from older producers). */
  treeCost: CostTotals.optional(),
  /** The session's live plan (its Plan tool's latest list); absent when it has none. */
  plan: SessionPlan.optional(),
  /** The provider a person chose for the session (/model); absent: config.json's default. */
  chosenProvider: z.string().optional(),
  /** The reasoning effort chosen for the session (/effort); absent: the provider's. */
  reasoningEffort: ReasoningEffort.optional(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const PromptSummary = z.object({
  id: z.string(),
  ref: z.string(),
  sessionId: z.string(),
  text: z.string(),
  status: PromptStatus,
  error: z.string().nullable(),
  /** The error as data, for people (absent on prompts stored before); `error` is its English. */
  errorMsg: MsgSchema.optional(),
  usage: Usage,
  /** Money spent by this prompt's turn (absent from older producers). */
  cost: CostTotals.optional(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The images the prompt carries (absent: none). */
  images: z.array(ImageRef).optional(),
});
export type PromptSummary = z.infer<typeof PromptSummary>;

export const ApprovalSummary = z.object({
  id: z.string(),
  /** The remote machine whose engine asks, set by the host's hub (absent: this machine). */
  machine: z.string().optional(),
  ref: z.string(),
  sessionId: z.string(),
  sessionRef: z.string(),
  promptId: z.string(),
  promptRef: z.string(),
  callId: z.string(),
  tool: z.string(),
  input: z.record(z.string(), z.unknown()),
  decision: PolicyDecision,
  /** The narrowest rule an "Always allow" answer would save (null when not offered). */
  alwaysRule: z.string().nullable(),
  status: ApprovalStatus,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** For a child's card: its parent's ref and name, so the card reads `parent › child` (null or absent at the top). */
  parentRef: z.string().nullable().optional(),
  parentName: z.string().nullable().optional(),
  /** The card may be answered `allow_children`: a sibling of this child asked the same (or could). */
  offerChildren: z.boolean().optional(),
});
export type ApprovalSummary = z.infer<typeof ApprovalSummary>;

export const SessionDetail = SessionSummary.extend({ prompts: z.array(PromptSummary) });
export type SessionDetail = z.infer<typeof SessionDetail>;
