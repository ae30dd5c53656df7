import type { ImageRef } from '../../../shared/images';
import { promptImages } from './prompt-images';
import { z } from 'zod';
import { PlanItem, type SessionPlan } from '../../../shared/plan';
import type { ApprovalSummary, PromptSummary, SessionSummary } from '../../../shared/models';
import type { PermissionMode } from '../../../shared/policy';
import type { ModeSource } from '../../../shared/session-mode';
import { deriveSessionStatus } from '../../../shared/session-status';
import { isTerminal, PromptStatus as PromptStatusSchema, type PromptStatus } from '../../../shared/status';
import { BudgetStop as BudgetStopSchema, type BudgetStop, type CostTotals } from '../../../shared/cost';
import type { Msg } from '../../../shared/i18n/message';
import { MsgSchema } from '../../../shared/msg-schema';
import type { ParsedApproval, PromptRow, SessionRow, ToolCallRow } from './rows';
import { worktreeInfo, type WorktreeRow } from './worktrees';
import type { Db } from './db';
import { prepared } from './statements';

/** Prompt statuses that are not final, as an SQL list. */
const ACTIVE_STATUSES = PromptStatusSchema.options.filter((s) => !isTerminal(s)).map((s) => `'${s}'`).join(', ');

export const costTotals = (row: { cost_usd: number; unpriced_tokens: number } | undefined): CostTotals => ({
  usd: row?.cost_usd ?? 0,
  unpricedTokens: row?.unpriced_tokens ?? 0,
});

function budgetStopOf(prompt: Pick<PromptRow, 'budget_stop'> | undefined): BudgetStop | null {
  if (!prompt?.budget_stop) return null;
  const parsed = BudgetStopSchema.safeParse(JSON.parse(prompt.budget_stop));
  return parsed.success ? parsed.data : null;
}

/** A prompt's stored error as data (`errorMsg`), or nothing for rows written before it was kept (migration 015). */
function storedErrorMsg(json: string | null): { errorMsg?: Msg } {
  if (json === null) return {};
  const parsed = MsgSchema.safeParse(JSON.parse(json));
  return parsed.success ? { errorMsg: parsed.data } : {};
}

/** What the summaries read besides their row: the connection and the rows they name. */
export interface SummaryReads {
  db: Db;
  session(id: string): SessionRow | undefined;
  prompt(id: string): PromptRow | undefined;
  toolCall(id: string): ToolCallRow | undefined;
  worktree(sessionId: string): WorktreeRow | undefined;
}

const worktreeOf = (row: WorktreeRow | undefined) => (row ? worktreeInfo(row) : null);

/** Stored rows mapped to the contract's SessionSummary, PromptSummary and ApprovalSummary. */
export class Summaries {
  constructor(private readonly reads: SummaryReads) {}

  private q(sql: string) {
    return prepared(this.reads.db, sql);
  }

  /** `mode`: the session's effective mode and its source, as the policy resolves them (`PolicyEngine.sessionMode`). */
  session(row: SessionRow, mode: { mode: PermissionMode; source: ModeSource }): SessionSummary {
    // The status needs the prompts still active and the last one (which decides once none is active), not every
    // prompt of a long history: both are read through indexes (prompts_by_session_status, prompts_by_session).
    const active = this.q(`SELECT status FROM prompts WHERE session_id = ? AND status IN (${ACTIVE_STATUSES})`).all(row.id) as { status: PromptStatus }[];
    const last = this.q('SELECT status FROM prompts WHERE session_id = ? ORDER BY position DESC LIMIT 1').get(row.id) as { status: PromptStatus } | undefined;
    const prompts = last ? [...active, last] : active;
    const pending = (this.q(`SELECT COUNT(*) AS n FROM approvals WHERE session_id = ? AND status = 'pending'`)
      .get(row.id) as { n: number }).n;
    const openConflict = this.q(
      `SELECT 1 FROM conflicts c JOIN prompts p ON p.id = c.prompt_id
       WHERE c.session_id = ? AND c.resolution IS NULL AND p.status NOT IN ('completed', 'failed', 'cancelled') LIMIT 1`,
    ).get(row.id) !== undefined;
    return {
      id: row.id,
      ref: row.ref,
      name: row.name,
      workspace: row.workspace,
      mode: mode.mode,
      modeSource: mode.source,
      status: deriveSessionStatus({ closed: row.closed_at !== null, prompts: prompts.map((p) => p.status), openConflict }),
      queueLength: active.filter((p) => p.status === 'queued').length,
      pendingApprovals: pending,
      usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens, totalTokens: row.total_tokens },
      createdAt: row.created_at,
      closedAt: row.closed_at,
      worktree: worktreeOf(this.reads.worktree(row.id)),
      context: row.context_tokens !== null && row.context_window !== null ? { tokens: row.context_tokens, window: row.context_window } : null,
      cost: costTotals(row),
      budget: row.budget_unit !== null && row.budget_limit !== null ? { unit: row.budget_unit, limit: row.budget_limit } : null,
      budgetStop: budgetStopOf(
        this.q(`SELECT budget_stop FROM prompts WHERE session_id = ? AND status = 'paused' AND budget_stop IS NOT NULL LIMIT 1`).get(row.id) as
          | Pick<PromptRow, 'budget_stop'>
          | undefined,
      ),
      parent: row.parent_id === null ? null : (this.reads.session(row.parent_id)?.ref ?? null),
      ...this.treeCost(row.id),
      ...planOf(row),
      ...(row.chosen_provider !== null ? { chosenProvider: row.chosen_provider } : {}),
      ...(row.reasoning_effort !== null ? { reasoningEffort: row.reasoning_effort } : {}),
    };
  }

  /** What the session and every child below it spent, for a session that has children (nothing otherwise). */
  private treeCost(sessionId: string): { treeCost?: CostTotals } {
    const t = this.q(
      `WITH RECURSIVE tree(id) AS (SELECT id FROM sessions WHERE parent_id = ? UNION ALL SELECT s.id FROM sessions s JOIN tree ON s.parent_id = tree.id)
       SELECT COUNT(*) AS n, COALESCE(SUM(cost_usd), 0) AS usd, COALESCE(SUM(unpriced_tokens), 0) AS unpriced FROM sessions WHERE id IN (SELECT id FROM tree)`,
    ).get(sessionId) as { n: number; usd: number; unpriced: number };
    if (t.n === 0) return {};
    const own = this.reads.session(sessionId);
    return { treeCost: { usd: (own?.cost_usd ?? 0) + t.usd, unpricedTokens: (own?.unpriced_tokens ?? 0) + t.unpriced } };
  }

  prompt(row: PromptRow): PromptSummary {
    return {
      id: row.id,
      ref: row.ref,
      sessionId: row.session_id,
      text: row.text,
      status: row.status,
      error: row.error,
      ...storedErrorMsg(row.error_msg),
      usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens, totalTokens: row.total_tokens },
      cost: costTotals(row),
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      ...imagesOf(row),
    };
  }

  approval(a: ParsedApproval): ApprovalSummary {
    const session = this.reads.session(a.session_id);
    const prompt = this.reads.prompt(a.prompt_id);
    const call = this.reads.toolCall(a.tool_call_id);
    return {
      id: a.id,
      ref: a.ref,
      sessionId: a.session_id,
      sessionRef: session?.ref ?? '',
      promptId: a.prompt_id,
      promptRef: prompt?.ref ?? '',
      callId: call?.call_id ?? '',
      tool: a.tool,
      input: a.input,
      decision: a.decision,
      alwaysRule: a.alwaysRules.length > 0 ? a.alwaysRules.join(', ') : null,
      status: a.status,
      createdAt: a.created_at,
      resolvedAt: a.resolved_at,
      ...this.parentOf(session),
    };
  }

  /** A child's card names its parent (`parent › child`) and offers "for all children" when it has siblings. */
  private parentOf(session: SessionRow | undefined): Pick<ApprovalSummary, 'parentRef' | 'parentName' | 'offerChildren'> {
    const parent = session?.parent_id ? this.reads.session(session.parent_id) : undefined;
    if (!parent) return { parentRef: null, parentName: null };
    const siblings = (this.q('SELECT COUNT(*) AS n FROM sessions WHERE parent_id = ?').get(parent.id) as { n: number }).n;
    return { parentRef: parent.ref, parentName: parent.name, offerChildren: siblings > 1 };
  }
}

/** The row's plan as the contract shows it; nothing when it has none (or its JSON is not a plan). */
function planOf(row: SessionRow): { plan?: SessionPlan } {
  if (row.plan_json === null) return {};
  const items = z.array(PlanItem).safeParse(JSON.parse(row.plan_json));
  return items.success && items.data.length > 0 ? { plan: { items: items.data, updatedAt: row.plan_updated_at ?? '' } } : {};
}

function imagesOf(row: PromptRow): { images?: ImageRef[] } {
  const images = promptImages(row);
  return images.length > 0 ? { images } : {};
}
