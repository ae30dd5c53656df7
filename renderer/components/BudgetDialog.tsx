import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { budgetStopText, parseBudget, type BudgetAction, type BudgetStop } from '../../shared/cost';
import { sessionPrompts } from '../store/status';
import type { PromptView } from '../store/types';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';

/** Visible strings of the budget card, in one place for the catalogs. */
export const BUDGET_DIALOG_TEXT = {
  title: 'Budget reached',
  stopped: (stop: BudgetStop) => `Paused: ${budgetStopText(stop)}.`,
  hint: 'The turn stopped between two steps; nothing was cut off. Raise sets a higher limit and goes on, Resume once goes on past it for this turn only, Stop cancels the turn.',
  newLimit: 'New limit',
  raise: 'Raise',
  resumeOnce: 'Resume once',
  stop: 'Stop',
  badLimit: (stop: BudgetStop) =>
    stop.unit === 'usd' ? 'Type a dollar amount above what is used, like 2.50.' : 'Type a number of tokens above what is used, like 200k.',
};

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
  const [limit, setLimit] = useState(() => suggestedLimit(stop));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answer = async (action: BudgetAction) => {
    setBusy(true);
    setError(null);
    const r = await api['budget.resolve']({ prompt: prompt.id, action });
    setBusy(false);
    if (!r.ok) setError(r.error.message);
  };
  const raise = () => {
    const value = parseLimit(stop, limit);
    if (value === null || value <= stop.used) {
      setError(BUDGET_DIALOG_TEXT.badLimit(stop));
      return;
    }
    void answer({ kind: 'raise', limit: value });
  };

  return (
    <section className={`budget-card${compact ? ' compact' : ''}`} role="dialog" aria-labelledby={titleId}>
      <h3 id={titleId}>{BUDGET_DIALOG_TEXT.title}</h3>
      <p>{BUDGET_DIALOG_TEXT.stopped(stop)}</p>
      <p className="interrupted-prompt" title={prompt.text}>
        <span className="session-ref">{prompt.ref}</span> {prompt.text}
      </p>
      {compact ? null : <p className="interrupted-hint">{BUDGET_DIALOG_TEXT.hint}</p>}
      <div className="budget-card-buttons">
        <input aria-label={BUDGET_DIALOG_TEXT.newLimit} value={limit} disabled={busy} onChange={(e) => setLimit(e.target.value)} />
        <button type="button" className="primary" disabled={busy} onClick={raise}>
          {BUDGET_DIALOG_TEXT.raise}
        </button>
        <button type="button" disabled={busy} onClick={() => void answer({ kind: 'resume_once' })}>
          {BUDGET_DIALOG_TEXT.resumeOnce}
        </button>
        <button type="button" disabled={busy} onClick={() => void answer({ kind: 'stop' })}>
          {BUDGET_DIALOG_TEXT.stop}
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
