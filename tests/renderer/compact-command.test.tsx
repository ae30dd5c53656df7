// @vitest-environment jsdom
// /compact [focus]: a compaction asked for by a person, its outcome in the command log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestOutput, Result } from '../../shared';
import { completions } from '../../renderer/commands/complete';
import { runInput } from '../../renderer/commands/run-input';
import { eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const compacted: RequestOutput<'session.compact'> = {
  compacted: true, tokensBefore: 95_200, tokensAfter: 21_300, prunedToolOutputs: 14, summaryTokens: 1_200, summary: '## Goal\nx', summaryError: null,
};

function engine(reply: () => Result<RequestOutput<'session.compact'>> = () => ({ ok: true, value: compacted })): FakeApi {
  return fakeApi({ 'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }), 'session.compact': reply });
}

async function panel(fake: FakeApi, focus = true) {
  const { store } = renderPanel(fake);
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
  if (focus) act(() => store.getState().actions.focus('sess-1'));
  return store;
}

const logLines = () => [...document.querySelectorAll('.command-log .log-line')].map((l) => ({ tone: l.className.replace('log-line log-', ''), text: l.textContent }));

describe('/compact', () => {
  it('typed with a focus, sends session.compact for the focused session and logs the figures', async () => {
    const fake = engine();
    await panel(fake);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Prompt' }), '/compact the parser rewrite{Enter}');
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'session.compact').map((c) => c.input)).toEqual([{ session: 'sess-1', focus: 'the parser rewrite' }]));
    await waitFor(() =>
      expect(logLines()).toEqual([
        { tone: 'info', text: 'compacting session a1b2c3 (focus: the parser rewrite)…' },
        { tone: 'info', text: 'compacted session a1b2c3: 95.2k → 21.3k tokens · 14 tool outputs pruned · summary 1.2k tokens' },
      ]),
    );
    expect(fake.calls.some((c) => c.method === 'prompt.send')).toBe(false);
    // The engine's event puts the divider in the transcript.
    const ev = eventMaker('sess-1', 'a1b2c3', 20);
    act(() => fake.emit(ev('context_compacted', { reason: 'manual', tokensBefore: 95_200, tokensAfter: 21_300, prunedToolOutputs: 14, summaryTokens: 1_200, summary: '## Goal\nx', summaryError: null })));
    const region = screen.getByRole('region', { name: 'Transcript' });
    expect((await within(region).findByRole('group', { name: 'Context compacted' })).textContent).toContain('Context compacted (manual)');
  });

  it('without a focus sends none', async () => {
    const fake = engine();
    const store = await panel(fake);
    await act(() => runInput(store, '/compact'));
    expect(fake.calls.filter((c) => c.method === 'session.compact').map((c) => c.input)).toEqual([{ session: 'sess-1' }]);
  });

  it('shows the engine\'s refusal as an error in the log', async () => {
    const fake = engine(() => ({ ok: false, error: { kind: 'invalid_state', message: 'session a1b2c3 is working on prompt 100000; compact it once that turn ends (or pause it first)' } }));
    const store = await panel(fake);
    await act(() => runInput(store, '/compact'));
    expect(logLines().at(-1)).toEqual({ tone: 'error', text: 'compact: session a1b2c3 is working on prompt 100000; compact it once that turn ends (or pause it first)' });
  });

  it('says when there was nothing to compact, and when the summary failed and pruning stood in', async () => {
    const fake = engine(() => ({ ok: true, value: { ...compacted, compacted: false, tokensBefore: 900, tokensAfter: 900, prunedToolOutputs: 0, summaryTokens: 0, summary: null } }));
    const store = await panel(fake);
    await act(() => runInput(store, '/compact'));
    expect(logLines().at(-1)).toEqual({ tone: 'info', text: 'nothing to compact in session a1b2c3: the view is 900 tokens' });
    fake.handle('session.compact', () => ({ ok: true, value: { ...compacted, summary: null, summaryTokens: 0, summaryError: 'the model server answered 500' } }));
    await act(() => runInput(store, '/compact'));
    expect(logLines().slice(-2)).toEqual([
      { tone: 'info', text: 'compacted session a1b2c3: 95.2k → 21.3k tokens · 14 tool outputs pruned' },
      { tone: 'warn', text: 'no summary could be written (the model server answered 500); old tool outputs were pruned instead' },
    ]);
  });

  it('needs a focused session, and is offered by completion and the session menu', async () => {
    const fake = engine();
    const store = await panel(fake, false);
    act(() => store.getState().actions.focus(null));
    await act(() => runInput(store, '/compact'));
    expect(logLines().at(-1)).toEqual({ tone: 'error', text: 'no session is focused; /compact works on the focused session' });
    expect(fake.calls.some((c) => c.method === 'session.compact')).toBe(false);
    expect(completions('/comp', store.getState().domain).map((c) => c.fill)).toEqual(['/compact ']);

    act(() => store.getState().actions.focus('sess-1'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Session menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Compact now' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'session.compact').map((c) => c.input)).toEqual([{ session: 'sess-1' }]));
  });
});
