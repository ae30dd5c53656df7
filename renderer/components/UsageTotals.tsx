import { useCallback, useEffect, useRef, useState } from 'react';
import { budgetAmountText, type UsageSummary } from '../../shared/cost';
import { usePanel } from '../store/use-panel';
import { usageText } from './CostBadge';
import '../styles/budget.css';

/** Visible strings of the sidebar's totals, in one place for the catalogs. */
export const USAGE_TOTALS_TEXT = {
  label: 'Usage totals',
  today: 'Today',
  week: 'This week',
  dailyBudget: (amounts: string) => `Daily budget: ${amounts}`,
};

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
        ...(daily.tokens !== undefined ? [`${budgetAmountText('tokens', today.totalTokens)} / ${budgetAmountText('tokens', daily.tokens)}`] : []),
        ...(daily.usd !== undefined ? [`${budgetAmountText('usd', today.cost.usd)} / ${budgetAmountText('usd', daily.usd)}`] : []),
      ]
    : [];
  const over = daily !== null && ((daily.tokens !== undefined && today.totalTokens >= daily.tokens) || (daily.usd !== undefined && today.cost.usd >= daily.usd));
  return (
    <section className="usage-totals" aria-label={USAGE_TOTALS_TEXT.label}>
      <div>
        {USAGE_TOTALS_TEXT.today}: {usageText(today.totalTokens, today.cost)}
      </div>
      <div>
        {USAGE_TOTALS_TEXT.week}: {usageText(week.totalTokens, week.cost)}
      </div>
      {budgetParts.length > 0 ? <div className={over ? 'over' : undefined}>{USAGE_TOTALS_TEXT.dailyBudget(budgetParts.join(' · '))}</div> : null}
    </section>
  );
}
