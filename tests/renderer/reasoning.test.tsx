// @vitest-environment jsdom
// The model's reasoning in the panel: streamed apart from the answer, kept with it, shown folded under "Thinking…".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent } from '../../shared';
import { applyEvent, applyEvents, coalesceDeltas } from '../../renderer/store/reducer';
import { emptyDomain } from '../../renderer/store/types';
import { eventMaker } from './helpers/events';
import { fakeApi, summary } from './helpers/fake-api';
import { drawn, renderFocused } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const REASONING = 'Multiply 17 by 23: 17 × 20 = 340, 17 × 3 = 51, 340 + 51 = 391.';

function started(ev: ReturnType<typeof eventMaker>): EngineEvent[] {
  return [ev('session_created', { workspace: '/w/one' }, null), ev('prompt_queued', { text: 'what is 17 × 23?', position: 0 }), ev('prompt_status', { status: 'running' })];
}

describe('reasoning in the panel reducer', () => {
  it('streams reasoning and answer into one item, each in its own field, then keeps the stored pair', () => {
    const ev = eventMaker();
    let s = applyEvents(emptyDomain(), started(ev));
    s = applyEvent(s, ev('reasoning_delta', { text: 'Multiply 17 by 23: ' }));
    expect(s.transcripts['sess-1']!.at(-1)).toMatchObject({ kind: 'assistant', text: '', reasoning: 'Multiply 17 by 23: ', streaming: true });
    s = applyEvent(s, ev('reasoning_delta', { text: REASONING.slice('Multiply 17 by 23: '.length) }));
    s = applyEvent(s, ev('assistant_delta', { text: '3' }));
    s = applyEvent(s, ev('assistant_delta', { text: '91' }));
    expect(s.transcripts['sess-1']!.filter((i) => i.kind === 'assistant')).toEqual([
      expect.objectContaining({ text: '391', reasoning: REASONING, streaming: true }),
    ]);
    s = applyEvent(s, ev('assistant_message', { content: '391', toolCalls: [], reasoning: REASONING }));
    s = applyEvent(s, ev('prompt_status', { status: 'completed' }));
    s = applyEvent(s, ev('turn_completed', { content: '391' }));
    const live = s.transcripts['sess-1']!.filter((i) => i.kind === 'assistant');
    expect(live).toEqual([expect.objectContaining({ text: '391', reasoning: REASONING, streaming: false })]);

    // A reload replays only stored events (no deltas) and shows the same.
    const ev2 = eventMaker();
    const replayed = applyEvents(emptyDomain(), [
      ...started(ev2),
      ev2('assistant_message', { content: '391', toolCalls: [], reasoning: REASONING }),
      ev2('prompt_status', { status: 'completed' }),
      ev2('turn_completed', { content: '391' }),
    ]);
    expect(replayed.transcripts['sess-1']!.filter((i) => i.kind === 'assistant')).toEqual([
      expect.objectContaining({ text: '391', reasoning: REASONING, streaming: false }),
    ]);
  });

  it('keeps the thinking of a step that only called tools, and drops streamed thinking on a retry', () => {
    const ev = eventMaker();
    let s = applyEvents(emptyDomain(), started(ev));
    s = applyEvent(s, ev('reasoning_delta', { text: 'lost on retry' }));
    s = applyEvent(s, ev('model_retry', { provider: 'p', attempt: 1, delayMs: 1000, error: '500' }));
    expect(s.transcripts['sess-1']!.some((i) => i.kind === 'assistant')).toBe(false);
    s = applyEvent(s, ev('reasoning_delta', { text: 'Read it first.' }));
    s = applyEvent(s, ev('assistant_message', { content: '', toolCalls: [{ id: 'c1', name: 'Read' }], reasoning: 'Read it first.' }));
    expect(s.transcripts['sess-1']!.filter((i) => i.kind === 'assistant')).toEqual([
      expect.objectContaining({ text: '', reasoning: 'Read it first.', streaming: false }),
    ]);
  });

  it('joins bursts of reasoning deltas apart from answer deltas', () => {
    const ev = eventMaker();
    const out = coalesceDeltas([
      ev('reasoning_delta', { text: 'a' }),
      ev('reasoning_delta', { text: 'b' }),
      ev('assistant_delta', { text: 'c' }),
      ev('assistant_delta', { text: 'd' }),
      ev('reasoning_delta', { text: 'e' }),
    ]);
    expect(out.map((e) => [e.type, 'text' in e ? e.text : ''])).toEqual([
      ['reasoning_delta', 'ab'],
      ['assistant_delta', 'cd'],
      ['reasoning_delta', 'e'],
    ]);
  });
});

describe('reasoning in the transcript', () => {
  it('shows it collapsed under "Thinking…", expandable, beside the answer', async () => {
    const ev = eventMaker();
    const events = [...started(ev), ev('assistant_message', { content: 'The answer is 391.', toolCalls: [], reasoning: REASONING }), ev('prompt_status', { status: 'completed' }), ev('turn_completed', { content: 'The answer is 391.' })];
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }),
      'session.events': () => ({ ok: true, value: events }),
    });
    await renderFocused(fake);
    const region = await drawn('[role="region"][aria-label="Transcript"]');
    const toggle = within(region).getByRole('button', { name: 'Thinking…' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(region).getByText('The answer is 391.')).toBeTruthy();
    expect(within(region).queryByText(REASONING)).toBeNull();
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(body.textContent).toBe(REASONING);
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(region).queryByText(REASONING)).toBeNull();
  });

  it('shows no "Thinking…" for an answer without reasoning', async () => {
    const ev = eventMaker();
    const events = [...started(ev), ev('assistant_message', { content: 'Plain answer.', toolCalls: [] }), ev('prompt_status', { status: 'completed' }), ev('turn_completed', { content: 'Plain answer.' })];
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }),
      'session.events': () => ({ ok: true, value: events }),
    });
    await renderFocused(fake);
    await waitFor(() => expect(document.body.textContent).toContain('Plain answer.'));
    expect(document.body.textContent).not.toContain('Thinking…');
  });
});
