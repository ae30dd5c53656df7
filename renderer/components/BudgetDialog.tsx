import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { parseBudget, type BudgetAction, type BudgetStop } from '../../shared/cost';
import { budgetStopText } from '../format/cost-text';
import { useT } from '../i18n';
import { sessionPrompts } from '../store/status';
import type { PromptView } from '../store/types';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';
import { engineError } from '../format/engine-text';

/** The session's prompts paused at a budget, each with its card (one at a time in practice: a session runs one turn). */
export function BudgetStops({ sessionId, compact = false }: { sessionId: string; compact?: boolean }) {
  const prompts = usePanel(
    useShallow((s) => {
      const v = s.domain.sessions[sessionId];
      return v ? sessionPrompts(s.domain, v).filter((p) => p.status === 'paused' && p.budgetStop) : [];
    }),
  );
  return (
    <>
      {prompts.map((p) => (
        <BudgetDialog key={p.id} prompt={p} compact={compact} />
      ))}
    </>
  );
}

/**
 * The card of a prompt paused at a budget: Raise (to the limit typed), Resume once (past the limit for the rest of
 * this turn) or Stop (cancel the turn), sent as `budget.resolve`.
 */
export function BudgetDialog({ prompt, compact = false }: { prompt: PromptView; compact?: boolean }) {
  const api = usePanel((s) => s.api);
  const stop = prompt.budgetStop as BudgetStop;
  const titleId = useId();
  const t = useT();
  const [limit, setLimit] = useState(() => suggestedLimit(stop));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answer = async (action: BudgetAction) => {
    setBusy(true);
    setError(null);
    const r = await api['budget.resolve']({ prompt: prompt.id, action });
    setBusy(false);
    if (!r.ok) setError(engineError(r.error));
  };
  const raise = () => {
    const value = parseLimit(stop, limit);
    if (value === null || value <= stop.used) {
      setError(stop.unit === 'usd' ? t('budget.dialog.badLimitUsd') : t('budget.dialog.badLimitTokens'));
      return;
    }
    void answer({ kind: 'raise', limit: value });
  };

  return (
    <section className={`budget-card${compact ? ' compact' : ''}`} role="dialog" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('budget.dialog.title')}</h3>
      <p>{t('budget.dialog.stopped', { what: budgetStopText(t, stop) })}</p>
      <p className="interrupted-prompt" title={prompt.text}>
        <span className="session-ref">{prompt.ref}</span> {prompt.text}
      </p>
      {compact ? null : <p className="interrupted-hint">{t('budget.dialog.hint')}</p>}
      <div className="budget-card-buttons">
        <input aria-label={t('budget.dialog.newLimit')} value={limit} disabled={busy} onChange={(e) => setLimit(e.target.value)} />
        <button type="button" className="primary" disabled={busy} onClick={raise}>
          {t('budget.dialog.raise')}
        </button>
        <button type="button" disabled={busy} onClick={() => void answer({ kind: 'resume_once' })}>
          {t('budget.dialog.resumeOnce')}
        </button>
        <button type="button" disabled={busy} onClick={() => void answer({ kind: 'stop' })}>
          {t('budget.dialog.stop')}
        </button>
      </div>
      {error ? (
        <p className="budget-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Twice the old limit, or half again what is used when that is more: room for a few more steps. */
function suggestedLimit(stop: BudgetStop): string {
  const next = Math.max(stop.limit * 2, stop.used * 1.5);
  return stop.unit === 'usd' ? next.toFixed(2) : String(Math.ceil(next));
}

/** A new limit in the stop's unit: dollars ("2.50", "$2.50") or tokens ("200000", "200k"). */
function parseLimit(stop: BudgetStop, text: string): number | null {
  const typed = text.trim();
  if (stop.unit === 'usd') {
    const money = parseBudget(typed.startsWith('$') ? typed : `$${typed}`);
    return money?.unit === 'usd' ? money.limit : null;
  }
  const tokens = parseBudget(typed);
  return tokens?.unit === 'tokens' ? tokens.limit : null;
}
