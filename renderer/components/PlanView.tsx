import { planProgress } from '../../shared/plan';
import { useT } from '../i18n';
import { usePanel } from '../store/use-panel';
import '../styles/plan.css';

/** The session's live plan above the prompt box: each step with its state, the one in progress marked. */
export function PlanView({ sessionId }: { sessionId: string }) {
  const plan = usePanel((s) => s.domain.sessions[sessionId]?.plan);
  const t = useT();
  const progress = planProgress(plan);
  if (!plan || !progress) return null;
  return (
    <section className="plan-view" aria-label={t('craft.plan.title')}>
      <h3>
        {t('craft.plan.title')} <PlanProgress done={progress.done} total={progress.total} />
      </h3>
      <ol>
        {plan.items.map((item, i) => (
          <li key={`${i}:${item.content}`} className={`plan-item plan-${item.status}`} aria-current={item.status === 'in_progress' ? 'step' : undefined}>
            <span className="plan-mark" aria-hidden="true">
              {item.status === 'completed' ? '✓' : item.status === 'in_progress' ? '▸' : '○'}
            </span>
            <span className="plan-content">{item.content}</span>
            <span className="visually-hidden"> ({t(`craft.plan.status.${item.status}`)})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "3/7", read out as "Plan: 3 of 7 steps done". */
export function PlanProgress({ done, total }: { done: number; total: number }) {
  const t = useT();
  return (
    <span className="meta plan-progress" role="img" aria-label={t('craft.plan.progressLabel', { done, total })}>
      {t('craft.plan.progress', { done, total })}
    </span>
  );
}

/** The session's plan progress, where it has a plan (session list rows, tabs, tiles). */
export function SessionPlanProgress({ sessionId }: { sessionId: string }) {
  const progress = usePanel((s) => {
    const p = planProgress(s.domain.sessions[sessionId]?.plan);
    return p ? `${p.done}/${p.total}` : null;
  });
  if (progress === null) return null;
  const [done, total] = progress.split('/').map(Number) as [number, number];
  return <PlanProgress done={done} total={total} />;
}
