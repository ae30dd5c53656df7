import type { Translator } from '../../shared/i18n';
import { planProgress, type SessionPlan } from '../../shared/plan';

const MARK = { pending: '○', in_progress: '▸', completed: '✓' } as const;

/** A session's live plan in a chat message: its progress, then one line per step. */
export function planLines(plan: SessionPlan | undefined, t: Translator): string[] {
  const progress = planProgress(plan);
  if (!plan || !progress) return [];
  return [t('gateway.chat.plan', progress), ...plan.items.map((i) => `${MARK[i.status]} ${i.content}`)];
}
