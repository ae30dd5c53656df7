// @vitest-environment jsdom
// The sidebar footer: tokens and money of all sessions today and this week, and the daily budget.
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RequestInput } from '../../shared';
import type { UsageSummary } from '../../shared/cost';
import { startOfToday, startOfWeek } from '../../renderer/components/UsageTotals';
import { eventMaker } from './helpers/events';
import { fakeApi, summary } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const figures = (since: string, totalTokens: number, usd: number, unpricedTokens = 0, dailyBudget: UsageSummary['dailyBudget'] = null): UsageSummary => ({
  since, promptTokens: totalTokens, completionTokens: 0, totalTokens, cost: { usd, unpricedTokens }, dailyBudget,
});

describe('usage totals in the sidebar footer', () => {
  it('asks for today from local midnight and this week from Monday, and shows tokens, money and the daily budget', async () => {
    // A Wednesday, so the week and the day begin at different times (on a Monday they are the same instant);
    // only the clock is fixed, timers stay real for the queries that wait.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 9, 15, 30) });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const today = startOfToday(new Date()).toISOString();
    let spent = 0.0123;
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }),
      'usage.summary': ({ since }: RequestInput<'usage.summary'>) => ({
        ok: true,
        value: since === today ? figures(since, 12_300, spent, 0, { usd: 1 }) : figures(since, 45_000, 0.05, 1200, { usd: 1 }),
      }),
    });
    renderPanel(fake);
    const totals = await screen.findByRole('region', { name: 'Usage totals' });
    expect(within(totals).getByText('Today: 12.3k tokens · $0.0123')).toBeTruthy();
    expect(within(totals).getByText('This week: 45k tokens · $0.05 + 1.2k tokens unpriced')).toBeTruthy();
    expect(within(totals).getByText('Daily budget: $0.0123 / $1.00')).toBeTruthy();
    const asked = fake.calls.filter((c) => c.method === 'usage.summary').map((c) => (c.input as { since: string }).since);
    expect(asked.slice(0, 2)).toEqual([today, startOfWeek(new Date()).toISOString()]);

    // A request's usage reads the totals again.
    spent = 1.25;
    const ev = eventMaker('sess-1', 'a1b2c3', 1);
    act(() => fake.emit(ev('usage', { provider: 'p', model: 'm', promptTokens: 10, completionTokens: 5, totalTokens: 15, sessionTotalTokens: 15 })));
    await waitFor(() => expect(within(totals).getByText('Daily budget: $1.25 / $1.00').className).toBe('over'));
  });

  it('shows tokens only for usage without a price, and no budget line without a daily budget', async () => {
    const fake = fakeApi({ 'usage.summary': ({ since }) => ({ ok: true, value: figures(since, 800, 0, 800) }) });
    renderPanel(fake);
    const totals = await screen.findByRole('region', { name: 'Usage totals' });
    expect(within(totals).getByText('Today: 800 tokens')).toBeTruthy();
    expect(within(totals).queryByText(/Daily budget/)).toBeNull();
  });

  it('finds the local Monday and midnight', () => {
    // Sunday 2025-03-16 15:30 local time: the week began on Monday 2025-03-10.
    const sunday = new Date(2025, 2, 16, 15, 30);
    expect(startOfWeek(sunday)).toEqual(new Date(2025, 2, 10));
    expect(startOfWeek(new Date(2025, 2, 10, 0, 1))).toEqual(new Date(2025, 2, 10));
    expect(startOfToday(sunday)).toEqual(new Date(2025, 2, 16));
  });
});
