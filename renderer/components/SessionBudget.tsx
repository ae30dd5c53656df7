import { useEffect, useState } from 'react';
import { budgetAmountText, parseBudget, type Budget } from '../../shared/cost';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';

/** Visible strings of the header's budget control, in one place for the catalogs. */
export const SESSION_BUDGET_TEXT = {
  set: 'Set budget',
  current: (amount: string) => `Budget: ${amount}`,
  fromConfig: (amount: string) => `Budget: ${amount} (default)`,
  field: 'Session budget',
  placeholder: '200k or $2',
  save: 'Save budget',
  remove: 'Remove budget',
  cancel: 'Cancel',
  invalid: 'Type tokens (200k) or dollars ($2).',
};

/**
 * The session's budget in its header (its own, else config.json's default for sessions): a button showing it,
 * which opens a field to set ("200k", "$2") or remove its own (`session.setBudget`). The engine announces the change (`session_budget`), which updates every panel.
 */
export function SessionBudget({ sessionId }: { sessionId: string }) {
  const api = usePanel((s) => s.api);
  const budget = usePanel((s) => s.domain.sessions[sessionId]?.budget ?? null);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fallback = useDefaultBudget();

  const send = async (next: ReturnType<typeof parseBudget>) => {
    const r = await api['session.setBudget']({ session: sessionId, budget: next });
    if (!r.ok) return setError(r.error.message);
    setEditing(false);
    setError(null);
  };
  const save = () => {
    const parsed = parseBudget(text);
    if (!parsed) return setError(SESSION_BUDGET_TEXT.invalid);
    void send(parsed);
  };

  if (!editing) {
    return (
      <button
        type="button"
        className="budget-button"
        onClick={() => {
          setText(budget ? (budget.unit === 'usd' ? `$${budget.limit}` : String(budget.limit)) : '');
          setEditing(true);
        }}
      >
        {budget
          ? SESSION_BUDGET_TEXT.current(budgetAmountText(budget.unit, budget.limit))
          : fallback
            ? SESSION_BUDGET_TEXT.fromConfig(budgetAmountText(fallback.unit, fallback.limit))
            : SESSION_BUDGET_TEXT.set}
      </button>
    );
  }
  return (
    <form
      className="budget-form"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <input aria-label={SESSION_BUDGET_TEXT.field} placeholder={SESSION_BUDGET_TEXT.placeholder} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      <button type="submit">{SESSION_BUDGET_TEXT.save}</button>
      {budget ? (
        <button type="button" onClick={() => void send(null)}>
          {SESSION_BUDGET_TEXT.remove}
        </button>
      ) : null}
      <button type="button" onClick={() => setEditing(false)}>
        {SESSION_BUDGET_TEXT.cancel}
      </button>
      {error ? (
        <span className="budget-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}

/** config.json's `budgets.session`: the budget of every session without its own, read once per control shown. */
function useDefaultBudget(): Budget | null {
  const api = usePanel((s) => s.api);
  const [fallback, setFallback] = useState<Budget | null>(null);
  useEffect(() => {
    let live = true;
    void api['config.get']({}).then((r) => {
      if (live && r.ok) setFallback(r.value.budgets?.session ?? null);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return fallback;
}
