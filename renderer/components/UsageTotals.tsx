import { useCallback, useEffect, useRef, useState } from 'react';
import type { UsageSummary } from '../../shared/cost';
import { amountText, usageText } from '../format/cost-text';
import { useT } from '../i18n';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';

/** After a request's usage, the totals are read again once the burst settles. */
const REFRESH_AFTER_USAGE_MS = 250;
/** Read again now and then, so "today" moves on at midnight even when nothing runs. */
const REFRESH_EVERY_MS = 5 * 60_000;

/** Local midnight today. */
export function startOfToday(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Local midnight of this week's Monday. */
export function startOfWeek(now: Date): Date {
  const sinceMonday = (now.getDay() + 6) % 7;
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - sinceMonday);
}

/**
 * The sidebar footer: tokens and money of all sessions today and this week (`usage.summary` from the local
 * midnight and Monday), and the daily budget of config.json with what is used of it.
 */
export function UsageTotals() {
  const api = usePanel((s) => s.api);
  const [totals, setTotals] = useState<{ today: UsageSummary; week: UsageSummary } | null>(null);
  const live = useRef(true);
  const t = useT();

  const refresh = useCallback(async () => {
    const now = new Date();
    const [today, week] = await Promise.all([
      api['usage.summary']({ since: startOfToday(now).toISOString() }),
      api['usage.summary']({ since: startOfWeek(now).toISOString() }),
    ]);
    if (live.current && today.ok && week.ok) setTotals({ today: today.value, week: week.value });
  }, [api]);

  useEffect(() => {
    live.current = true;
    void refresh();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = api.onEvent((e) => {
      if (e.type !== 'usage') return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void refresh(), REFRESH_AFTER_USAGE_MS);
    });
    const every = setInterval(() => void refresh(), REFRESH_EVERY_MS);
    return () => {
      live.current = false;
      off();
      if (timer) clearTimeout(timer);
      clearInterval(every);
    };
  }, [api, refresh]);

  if (!totals) return null;
  const { today, week } = totals;
  const daily = today.dailyBudget;
  const budgetParts = daily
    ? [
        ...(daily.tokens !== undefined ? [`${amountText(t, 'tokens', today.totalTokens)} / ${amountText(t, 'tokens', daily.tokens)}`] : []),
        ...(daily.usd !== undefined ? [`${amountText(t, 'usd', today.cost.usd)} / ${amountText(t, 'usd', daily.usd)}`] : []),
      ]
    : [];
  const over = daily !== null && ((daily.tokens !== undefined && today.totalTokens >= daily.tokens) || (daily.usd !== undefined && today.cost.usd >= daily.usd));
  return (
    <section className="usage-totals" aria-label={t('budget.totals.label')}>
      <div>{t('budget.totals.today', { usage: usageText(t, today.totalTokens, today.cost) })}</div>
      <div>{t('budget.totals.week', { usage: usageText(t, week.totalTokens, week.cost) })}</div>
      {budgetParts.length > 0 ? <div className={over ? 'over' : undefined}>{t('budget.totals.dailyBudget', { amounts: budgetParts.join(' · ') })}</div> : null}
    </section>
  );
}
