// @vitest-environment jsdom
// A turn left mid-way by an engine that stopped: the panel shows it as interrupted and offers Resume / Discard.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromptStatus, PromptSummary } from '../../shared';
import { runInput } from '../../renderer/commands/run-input';
import type { PanelStore } from '../../renderer/store/panel-store';
import { eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { drawn, renderFocused, renderPanel } from './helpers/render-panel';
import { logLineText } from '../../renderer/store/ui-state';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const reply = (id: string, status: PromptStatus): PromptSummary => ({
  id, ref: '100000', sessionId: 'sess-1', text: 'refactor the parser', status, error: null,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null,
});

/** One session whose only turn was running when its engine stopped; the engine that opened next marked it. */
function interruptedSession(): { fake: FakeApi; ev: ReturnType<typeof eventMaker> } {
  const ev = eventMaker('sess-1', 'a1b2c3', 1);
  const events = [
    ev('session_created', { workspace: '/w/one' }, null),
    ev('prompt_queued', { text: 'refactor the parser', position: 0 }),
    ev('prompt_status', { status: 'running' }),
    ev('turn_started', { resumed: false }),
    ev('tool_call', { callId: 'c1', tool: 'Read', input: { path: 'src/parser.ts' }, decision: null }),
    ev('prompt_status', { status: 'interrupted' }),
  ];
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { status: 'interrupted' })] }),
    'session.events': ({ afterSeq }) => ({ ok: true, value: events.filter((e) => e.seq > (afterSeq ?? 0)) }),
    'prompt.resume': ({ prompt }) => ({ ok: true, value: reply(prompt, 'queued') }),
    'prompt.cancel': ({ prompt }) => ({ ok: true, value: reply(prompt, 'cancelled') }),
  });
  return { fake, ev };
}

async function focused(fake: FakeApi): Promise<{ store: PanelStore; pane: HTMLElement }> {
  const { store } = await renderFocused(fake);
  return { store, pane: await drawn('.session-pane') };
}

describe('interrupted turns', () => {
  it('shows a card with Resume and Discard, and the chip says interrupted in the header and the list', async () => {
    const { fake } = interruptedSession();
    const { pane } = await focused(fake);
    const card = within(pane).getByRole('group', { name: 'Interrupted turn 100000' });
    expect(within(card).getByText('This turn was interrupted when Paragents stopped')).toBeTruthy();
    expect(card.textContent).toContain('refactor the parser');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Discard' })).toBeTruthy();
    const chip = pane.querySelector('.pane-header .chip') as HTMLElement;
    expect(chip.textContent).toBe('interrupted');
    expect(chip.classList.contains('chip-interrupted')).toBe(true);
    const list = screen.getByRole('list', { name: 'Sessions' });
    expect(within(list).getByText('interrupted')).toBeTruthy();
    // Nothing was sent on the person's behalf: the turn waits for a choice.
    expect(fake.calls.some((c) => c.method === 'prompt.resume' || c.method === 'prompt.cancel')).toBe(false);
  });

  it('Resume sends prompt.resume for the prompt; the card leaves once the engine runs it again', async () => {
    const { fake, ev } = interruptedSession();
    const { pane } = await focused(fake);
    const card = within(pane).getByRole('group', { name: 'Interrupted turn 100000' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'prompt.resume').map((c) => c.input)).toEqual([{ prompt: 'p-1' }]));
    expect(fake.calls.some((c) => c.method === 'prompt.cancel')).toBe(false);
    act(() => fake.emit(ev('prompt_status', { status: 'running' })));
    act(() => fake.emit(ev('turn_started', { resumed: true })));
    await waitFor(() => expect(within(pane).queryByRole('group', { name: 'Interrupted turn 100000' })).toBeNull());
    expect((pane.querySelector('.pane-header .chip') as HTMLElement).textContent).toBe('running');
  });

  it('Discard sends prompt.cancel for the prompt and the session stops waiting', async () => {
    const { fake } = interruptedSession();
    const { pane } = await focused(fake);
    const card = within(pane).getByRole('group', { name: 'Interrupted turn 100000' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'prompt.cancel').map((c) => c.input)).toEqual([{ prompt: 'p-1' }]));
    expect(fake.calls.some((c) => c.method === 'prompt.resume')).toBe(false);
    // The reply already says cancelled, so the card goes without waiting for the event.
    await waitFor(() => expect(within(pane).queryByRole('group', { name: 'Interrupted turn 100000' })).toBeNull());
    expect((pane.querySelector('.pane-header .chip') as HTMLElement).textContent).toBe('idle');
  });

  it('shows the card on a session tile in the grid too', async () => {
    const { fake } = interruptedSession();
    fake.handle('session.list', () => ({
      ok: true,
      value: [summary('sess-1', 'a1b2c3', '/w/one', { status: 'interrupted' }), summary('sess-2', 'b2c3d4', '/w/two')],
    }));
    const { store } = renderPanel(fake);
    await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
    act(() => {
      store.getState().actions.focus('sess-2');
      store.getState().actions.setLayout(2);
    });
    const tile = await screen.findByRole('article', { name: 'Session a1b2c3' });
    expect(tile.classList.contains('tile-interrupted')).toBe(true);
    const card = within(tile).getByRole('group', { name: 'Interrupted turn 100000' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'prompt.resume').map((c) => c.input)).toEqual([{ prompt: 'p-1' }]));
  });

  it('/resume goes on with the focused session\'s interrupted turn', async () => {
    const { fake } = interruptedSession();
    const { store } = await focused(fake);
    await act(() => runInput(store, '/resume'));
    expect(fake.calls.filter((c) => c.method === 'prompt.resume').map((c) => c.input)).toEqual([{ prompt: 'p-1' }]);
    expect(store.getState().ui.log.map((l) => logLineText('en', l))).toContain('resumed 100000');
  });
});
