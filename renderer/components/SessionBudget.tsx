import { useEffect, useState } from 'react';
import { parseBudget, type Budget } from '../../shared/cost';
import { amountText } from '../format/cost-text';
import { useT } from '../i18n';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';
import { engineError } from '../format/engine-text';

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
  const t = useT();

  const send = async (next: ReturnType<typeof parseBudget>) => {
    const r = await api['session.setBudget']({ session: sessionId, budget: next });
    if (!r.ok) return setError(engineError(r.error));
    setEditing(false);
    setError(null);
  };
  const save = () => {
    const parsed = parseBudget(text);
    if (!parsed) return setError(t('budget.control.invalid'));
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
          ? t('budget.control.current', { amount: amountText(t, budget.unit, budget.limit) })
          : fallback
            ? t('budget.control.fromConfig', { amount: amountText(t, fallback.unit, fallback.limit) })
            : t('budget.control.set')}
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
      <input aria-label={t('budget.control.field')} placeholder={t('budget.control.placeholder')} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      <button type="submit">{t('budget.control.save')}</button>
      {budget ? (
        <button type="button" onClick={() => void send(null)}>
          {t('budget.control.remove')}
        </button>
      ) : null}
      <button type="button" onClick={() => setEditing(false)}>
        {t('common.cancel')}
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
