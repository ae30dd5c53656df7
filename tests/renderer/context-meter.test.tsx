// @vitest-environment jsdom
// The context meter in the session header, fed by session summaries and `usage` events.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, waitFor, within } from '@testing-library/react';
import type { RedactedConfig } from '../../shared';
import { compactTokens } from '../../shared/token-format';
import { applyEvents, applySummaries } from '../../renderer/store/reducer';
import { emptyDomain } from '../../renderer/store/types';
import { eventMaker } from './helpers/events';
import { fakeApi, summary } from './helpers/fake-api';
import { drawn, renderFocused } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const config = (threshold: number): RedactedConfig => ({
  providers: [{ name: 'p', baseURL: 'http://x/v1', model: 'm', apiKeySet: false }], fallback: [], concurrency: 4, maxSteps: 25,
  requestTimeoutMs: 1000, maxRetries: 1, path: '/h/config.json', home: '/h', maxOutputTokens: 4096,
  compaction: { threshold, userPromptShare: 0.2 }, autoResumeMinutes: 10,
});

const usage = (contextTokens: number | null, contextWindow: number | null) =>
  eventMaker('sess-1', 'a1b2c3', 5)('usage', {
    provider: 'p', model: 'm', promptTokens: 10, completionTokens: 5, totalTokens: 15, sessionTotalTokens: 15, contextTokens, contextWindow,
  });

async function header(threshold = 0.8, context: { tokens: number; window: number } | null = { tokens: 12_345, window: 128_000 }) {
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { context })] }),
    'config.get': () => ({ ok: true, value: config(threshold) }),
  });
  const { store } = await renderFocused(fake);
  return { fake, store, pane: await drawn('.pane-header') };
}

describe('context meter', () => {
  it('shows tokens in the model\'s view over the window in the session header, as text and a bar', async () => {
    const { pane } = await header();
    const meter = within(pane).getByRole('meter', { name: 'Context' });
    expect(meter.textContent).toBe('12.3k / 128k tokens');
    expect(meter.getAttribute('aria-valuenow')).toBe('12345');
    expect(meter.getAttribute('aria-valuemax')).toBe('128000');
    expect((meter.querySelector('.context-meter-fill') as HTMLElement).style.width).toBe('10%');
    expect(meter.classList.contains('warn')).toBe(false);
  });

  it('follows usage events, and turns to the warning colour past the configured compaction threshold', async () => {
    const { fake, pane } = await header(0.5);
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'config.get')).toBe(true));
    act(() => fake.emit(usage(70_000, 128_000)));
    const meter = await within(pane).findByRole('meter', { name: 'Context' });
    await waitFor(() => expect(meter.textContent).toBe('70k / 128k tokens'));
    await waitFor(() => expect(meter.classList.contains('warn')).toBe(true));
  });

  it('is absent before the session\'s first request', async () => {
    const { pane } = await header(0.8, null);
    expect(within(pane).queryByRole('meter', { name: 'Context' })).toBeNull();
  });
});

describe('context meter state', () => {
  it('is kept from summaries and from usage events that carry it; older usage events leave it as it was', () => {
    let d = applySummaries(emptyDomain(), [summary('sess-1', 'a1b2c3', '/w', { context: { tokens: 100, window: 8192 } })]);
    expect(d.sessions['sess-1']?.context).toEqual({ tokens: 100, window: 8192 });
    d = applyEvents(d, [usage(2000, 8192)]);
    expect(d.sessions['sess-1']?.context).toEqual({ tokens: 2000, window: 8192 });
    d = applyEvents(d, [usage(null, null)]);
    expect(d.sessions['sess-1']?.context).toEqual({ tokens: 2000, window: 8192 });
    d = applySummaries(d, [summary('sess-1', 'a1b2c3', '/w')]);
    expect(d.sessions['sess-1']?.context).toEqual({ tokens: 2000, window: 8192 });
  });

  it('formats counts the way the meter prints them', () => {
    expect([950, 8192, 12_345, 99_999, 128_000, 131_072, 1_000_000, 1_047_576].map(compactTokens)).toEqual([
      '950', '8.2k', '12.3k', '100k', '128k', '131k', '1M', '1.05M',
    ]);
  });
});
