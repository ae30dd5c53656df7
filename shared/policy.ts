import { z } from 'zod';
import { MsgSchema } from './msg-schema';

export const PolicyDecisionKind = z.enum(['auto_approved', 'needs_approval', 'blocked']);
export type PolicyDecisionKind = z.infer<typeof PolicyDecisionKind>;

export const PolicySource = z.enum(['managed', 'local', 'project', 'user', 'session', 'mode', 'builtin', 'cli', 'sandbox']);
export type PolicySource = z.infer<typeof PolicySource>;

/** Why a call may, may not, or must ask to run: the rule and the source that decided it. */
export const PolicyDecision = z.object({
  decision: PolicyDecisionKind,
  rule: z.string().nullable(),
  source: PolicySource,
  /** The English sentence: what the model, `--json` and the logs read. */
  reason: z.string(),
  /** The same sentence as data, rendered in each client's language; absent on decisions stored before. */
  reasonMsg: MsgSchema.optional(),
});
export type PolicyDecision = z.infer<typeof PolicyDecision>;

export const PermissionMode = z.enum(['default', 'acceptEdits', 'plan', 'bypass']);
export type PermissionMode = z.infer<typeof PermissionMode>;

export const ApprovalAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('allow_once') }),
  z.object({ kind: z.literal('allow_session') }),
  /** Only for a child's card: allowed for this child and every other child of the same parent (their parent keeps the grant). */
  z.object({ kind: z.literal('allow_children') }),
  z.object({ kind: z.literal('allow_always') }),
  z.object({ kind: z.literal('deny'), message: z.string().max(4000).optional() }),
]);
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;

export const ApprovalStatus = z.enum(['pending', 'approved', 'denied', 'cancelled']);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;
