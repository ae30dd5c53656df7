// @vitest-environment jsdom
// /show-config lists each provider's context window and where it came from.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { RedactedConfig } from '../../shared';
import { fakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const view: RedactedConfig = {
  providers: [
    { name: 'local', baseURL: 'http://127.0.0.1:8000/v1', model: 'served', apiKeySet: false },
    { name: 'cloud', baseURL: 'https://api.openai.com/v1', model: 'gpt-4o', apiKeySet: true, contextWindow: 64_000, maxOutputTokens: 2000 },
  ],
  fallback: ['cloud'], concurrency: 4, maxSteps: 25, requestTimeoutMs: 1000, maxRetries: 1, path: '/h/config.json', home: '/h',
  maxOutputTokens: 4096, compaction: { threshold: 0.8, userPromptShare: 0.2 }, autoResumeMinutes: 10,
  contextWindows: [
    { provider: 'local', model: 'served', tokens: 32_768, source: 'endpoint' },
    { provider: 'cloud', model: 'gpt-4o', tokens: 64_000, source: 'config' },
  ],
};

describe('/show-config', () => {
  it('shows each provider\'s context window with its source, the answer room and the compaction settings', async () => {
    const fake = fakeApi({ 'session.list': () => ({ ok: true, value: [] }), 'config.get': () => ({ ok: true, value: view }) });
    const { store } = renderPanel(fake);
    await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
    act(() => store.getState().actions.openOverlay('config'));
    const region = await screen.findByRole('region', { name: 'Configuration' });
    const rows = await within(region).findAllByRole('row');
    const cells = rows.map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));
    expect(cells.filter((c) => c.length > 0)).toEqual([
      ['local', 'http://127.0.0.1:8000/v1', 'served', 'none', "32768 (from the endpoint's model list)", '4096'],
      ['cloud', 'https://api.openai.com/v1', 'gpt-4o', 'set (hidden)', '64000 (from config.json)', '2000'],
    ]);
    expect(within(region).getByText('at 80 % of the window, 20 % of it for your own prompts')).toBeTruthy();
    expect(within(region).getByText('within 10 min of a restart')).toBeTruthy();
  });
});
