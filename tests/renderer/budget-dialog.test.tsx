// @vitest-environment jsdom
// A turn paused at a budget: the "Budget reached" card offers Raise, Resume once and Stop; the header shows the
// session's usage in tokens and money and its budget; the transcript ends each turn with its usage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent, PromptSummary, SessionSummary } from '../../shared';
import type { PanelStore } from '../../renderer/store/panel-store';
import { eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { drawn, renderFocused } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const reply = (status: PromptSummary['status']): PromptSummary => ({
  id: 'p-1', ref: '100000', sessionId: 'sess-1', text: 'refactor the parser', status, error: null,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null,
});

function pausedSession(): { fake: FakeApi; ev: ReturnType<typeof eventMaker> } {
  const ev = eventMaker('sess-1', 'a1b2c3', 1);
  const usage = { provider: 'p', model: 'm', promptTokens: 1200, completionTokens: 200, totalTokens: 1400, sessionTotalTokens: 1400 };
  const events: EngineEvent[] = [
    ev('session_created', { workspace: '/w/one' }, null),
    ev('session_budget', { budget: { unit: 'tokens', limit: 1000 } }, null),
    ev('prompt_queued', { text: 'refactor the parser', position: 0 }),
    ev('prompt_status', { status: 'running' }),
    ev('turn_started', { resumed: false }),
    ev('assistant_message', { content: 'Reading the parser first.', toolCalls: [] }),
    ev('usage', { ...usage, cost: 0.0075, promptTotalTokens: 1400, promptCost: { usd: 0.0075, unpricedTokens: 0 }, sessionCost: { usd: 0.0075, unpricedTokens: 0 } }),
    ev('prompt_status', { status: 'paused' }),
    ev('budget_reached', { kind: 'session', unit: 'tokens', limit: 1000, used: 1400 }),
  ];
  const listed: SessionSummary = summary('sess-1', 'a1b2c3', '/w/one', { status: 'paused' });
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [listed] }),
    'session.events': ({ afterSeq }) => ({ ok: true, value: events.filter((e) => e.seq > (afterSeq ?? 0)) }),
    'budget.resolve': () => ({ ok: true, value: reply('paused') }),
    'session.setBudget': ({ budget }) => ({ ok: true, value: { ...listed, budget } }),
  });
  return { fake, ev };
}

async function focused(fake: FakeApi): Promise<{ store: PanelStore; pane: HTMLElement }> {
  const { store } = await renderFocused(fake);
  return { store, pane: await drawn('.session-pane') };
}

const resolves = (fake: FakeApi) => fake.calls.filter((c) => c.method === 'budget.resolve').map((c) => c.input);

describe('the Budget reached card', () => {
  it('names the budget and what was used, and Resume once answers it; the card goes once the turn runs again', async () => {
    const { fake, ev } = pausedSession();
    const { pane } = await focused(fake);
    const card = await within(pane).findByRole('dialog', { name: 'Budget reached' });
    expect(card.textContent).toContain('Paused: the session budget of 1k tokens is used up (1.4k tokens).');
    expect(card.textContent).toContain('refactor the parser');
    expect(within(card).getByRole('button', { name: 'Raise' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(resolves(fake)).toEqual([]);

    await userEvent.click(within(card).getByRole('button', { name: 'Resume once' }));
    await waitFor(() => expect(resolves(fake)).toEqual([{ prompt: 'p-1', action: { kind: 'resume_once' } }]));
    act(() => fake.emit(ev('prompt_status', { status: 'running' })));
    await waitFor(() => expect(within(pane).queryByRole('dialog', { name: 'Budget reached' })).toBeNull());
  });

  it('Raise sends the new limit typed (refusing one not above what is used); Stop cancels', async () => {
    const { fake } = pausedSession();
    const { pane } = await focused(fake);
    const card = await within(pane).findByRole('dialog', { name: 'Budget reached' });
    const field = within(card).getByRole('textbox', { name: 'New limit' }) as HTMLInputElement;
    expect(field.value).toBe('2100');

    await userEvent.clear(field);
    await userEvent.type(field, '1200');
    await userEvent.click(within(card).getByRole('button', { name: 'Raise' }));
    expect(within(card).getByRole('alert').textContent).toContain('above what is used');
    expect(resolves(fake)).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '5k');
    await userEvent.click(within(card).getByRole('button', { name: 'Raise' }));
    await waitFor(() => expect(resolves(fake)).toEqual([{ prompt: 'p-1', action: { kind: 'raise', limit: 5000 } }]));

    await userEvent.click(within(card).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(resolves(fake).at(-1)).toEqual({ prompt: 'p-1', action: { kind: 'stop' } }));
  });

  it("shows the engine's refusal on the card", async () => {
    const { fake } = pausedSession();
    fake.handle('budget.resolve', () => ({ ok: false, error: { kind: 'invalid_state', message: 'prompt 100000 is not paused at a budget (running)' } }));
    const { pane } = await focused(fake);
    const card = await within(pane).findByRole('dialog', { name: 'Budget reached' });
    await userEvent.click(within(card).getByRole('button', { name: 'Resume once' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('prompt 100000 is not paused at a budget (running)');
  });
});

describe('usage and budget in the session', () => {
  it("shows the session's tokens and money in its header, each turn's in its footer, and sets the budget from the header", async () => {
    const { fake, ev } = pausedSession();
    const { pane } = await focused(fake);
    const header = pane.querySelector('.pane-header') as HTMLElement;
    await waitFor(() => expect(within(header).getByRole('status', { name: 'Usage' }).textContent).toBe('1.4k tokens · $0.0075'));
    const transcript = within(pane).getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByLabelText('Turn usage').textContent).toBe('Turn: 1.4k tokens · $0.0075');

    await userEvent.click(within(header).getByRole('button', { name: 'Budget: 1k tokens' }));
    const field = within(header).getByRole('textbox', { name: 'Session budget' });
    await userEvent.clear(field);
    await userEvent.type(field, 'lots');
    await userEvent.click(within(header).getByRole('button', { name: 'Save budget' }));
    expect(within(header).getByRole('alert').textContent).toBe('Type tokens (200k) or dollars ($2).');
    await userEvent.clear(field);
    await userEvent.type(field, '$2');
    await userEvent.click(within(header).getByRole('button', { name: 'Save budget' }));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'session.setBudget').map((c) => c.input)).toEqual([{ session: 'sess-1', budget: { unit: 'usd', limit: 2 } }]),
    );
    // The engine announces the change; every panel shows it from that event.
    act(() => fake.emit(ev('session_budget', { budget: { unit: 'usd', limit: 2 } }, null)));
    expect(await within(header).findByRole('button', { name: 'Budget: $2.00' })).toBeTruthy();
  });

  it("shows config.json's budget for sessions as the default of a session without its own", async () => {
    const { fake, ev } = pausedSession();
    fake.handle('config.get', () => ({
      ok: true,
      value: { providers: [], fallback: [], concurrency: 4, maxSteps: 25, requestTimeoutMs: 1000, maxRetries: 1, path: '/h/config.json', home: '/h', budgets: { session: { unit: 'usd', limit: 5 } } },
    }));
    const { pane } = await focused(fake);
    const header = pane.querySelector('.pane-header') as HTMLElement;
    await within(header).findByRole('button', { name: 'Budget: 1k tokens' });
    act(() => fake.emit(ev('session_budget', { budget: null }, null)));
    expect(await within(header).findByRole('button', { name: 'Budget: $5.00 (default)' })).toBeTruthy();
  });

  it('shows tokens only when no price is known', async () => {
    const { fake, ev } = pausedSession();
    const { pane } = await focused(fake);
    const usage = { provider: 'p', model: 'm', promptTokens: 100, completionTokens: 50, totalTokens: 150, sessionTotalTokens: 1550 };
    act(() =>
      fake.emit(ev('usage', { ...usage, cost: null, promptTotalTokens: 1550, promptCost: { usd: 0.0075, unpricedTokens: 150 }, sessionCost: { usd: 0.0075, unpricedTokens: 150 } })),
    );
    const header = pane.querySelector('.pane-header') as HTMLElement;
    await waitFor(() => expect(within(header).getByRole('status', { name: 'Usage' }).textContent).toBe('1.6k tokens · $0.0075 + 150 tokens unpriced'));
  });
});
