import { z } from 'zod';

export const PlanItemStatus = z.enum(['pending', 'in_progress', 'completed']);
export type PlanItemStatus = z.infer<typeof PlanItemStatus>;

export const PlanItem = z.object({
  content: z.string().min(1).max(500).describe('The step, in a few words'),
  status: PlanItemStatus,
}).strict();
export type PlanItem = z.infer<typeof PlanItem>;

/** The Plan tool's input: the whole plan each time (it replaces the one before). */
export const PlanInput = z
  .object({ items: z.array(PlanItem).max(50).describe('Every step, in order') })
  .strict()
  .refine((p) => p.items.filter((i) => i.status === 'in_progress').length <= 1, {
    message: 'at most one item may be in_progress at a time',
    path: ['items'],
  });
export type PlanInput = z.infer<typeof PlanInput>;

/** A session's live plan as clients show it. */
export const SessionPlan = z.object({ items: z.array(PlanItem), updatedAt: z.string() });
export type SessionPlan = z.infer<typeof SessionPlan>;

/** "3/7": completed of all; null when there is no plan. */
export function planProgress(plan: { items: readonly PlanItem[] } | null | undefined): { done: number; total: number } | null {
  if (!plan || plan.items.length === 0) return null;
  return { done: plan.items.filter((i) => i.status === 'completed').length, total: plan.items.length };
}
