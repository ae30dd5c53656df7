import type { ImageRef } from '../../../shared/images';
import type { ReasoningEffort } from '../../../shared/model-family';
import type { ApprovalStatus, PermissionMode, PolicyDecision, ApprovalAnswer } from '../../../shared/policy';
import type { PromptStatus } from '../../../shared/status';
import type { PromptApprovals, PromptOnConflict } from '../../../shared/api';

export interface SessionRow {
  id: string;
  ref: string;
  name: string | null;
  workspace: string;
  /** The mode a person chose for the session (migration 009); null: it follows the settings' defaultMode. */
  chosen_mode: PermissionMode | null;
  created_at: string;
  closed_at: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** The context meter (migration 005): null until the session's first request. */
  context_tokens: number | null;
  context_window: number | null;
  /** Dollars of the priced usage and tokens of the unpriced usage (migration 012). */
  cost_usd: number;
  unpriced_tokens: number;
  /** The session's budget (migration 012): both set, or both null. */
  budget_unit: 'tokens' | 'usd' | null;
  budget_limit: number | null;
  /** The session that started this one as its child (migration 016); null at the top. */
  parent_id: string | null;
  /** The session's live plan as JSON of PlanItem[] and when it last changed (migration 019); null: no plan. */
  plan_json: string | null;
  plan_updated_at: string | null;
  /** The provider a person chose for the session (/model) and the reasoning effort (/effort); null: config.json's. */
  chosen_provider: string | null;
  reasoning_effort: ReasoningEffort | null;
}

export interface PromptRow {
  id: string;
  ref: string;
  session_id: string;
  position: number;
  text: string;
  status: PromptStatus;
  error: string | null;
  /** The error as the JSON of a Msg (migration 015); null for rows written before, and when there is no error. */
  error_msg: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The prompt's own answer to policy "ask" outcomes (migration 010); null: the engine's default. */
  approvals: PromptApprovals | null;
  /** The prompt's own answer to conflicts with other sessions (migration 010); null: the engine's default. */
  on_conflict: PromptOnConflict | null;
  /** Dollars of the priced usage and tokens of the unpriced usage (migration 012). */
  cost_usd: number;
  unpriced_tokens: number;
  /** JSON of the BudgetStop it paused at, while it waits for a person (migration 012); null otherwise. */
  budget_stop: string | null;
  /** JSON of the prompt's ImageRef[] (migration 019); null: it carries none. */
  images_json?: string | null;
}

/** The run options a prompt is sent or resumed with; an absent field leaves the stored one (or the default). */
export interface PromptRunOptions {
  approvals?: PromptApprovals;
  onConflict?: PromptOnConflict;
  /** Images the prompt carries (kept in the data folder); a retry carries them again. */
  images?: ImageRef[];
}

export type ToolCallStatus = 'pending' | 'waiting_approval' | 'running' | 'done';

export interface ToolCallRow {
  id: string;
  session_id: string;
  prompt_id: string;
  message_id: number;
  call_id: string;
  tool: string;
  input_json: string | null;
  status: ToolCallStatus;
  decision_json: string | null;
  ok: number | null;
  output: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ApprovalRow {
  id: string;
  ref: string;
  session_id: string;
  prompt_id: string;
  tool_call_id: string;
  tool: string;
  input_json: string;
  decision_json: string;
  always_rules_json: string;
  status: ApprovalStatus;
  answer_json: string | null;
  created_at: string;
  resolved_at: string | null;
}

export interface ParsedApproval extends Omit<ApprovalRow, 'decision_json' | 'answer_json' | 'input_json' | 'always_rules_json'> {
  input: Record<string, unknown>;
  decision: PolicyDecision;
  alwaysRules: string[];
  answer: ApprovalAnswer | null;
}
