// @vitest-environment jsdom
// The panel reads session summaries on start and a session's history only when it is shown: newest page first,
// older pages as the transcript is scrolled up; live events of sessions not shown only update their row.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EngineEvent, PromptSummary, RequestInput, SessionSummary } from '../../shared';
import { HISTORY_PAGE } from '../../renderer/store/history';
import { KEEP_HISTORIES, type PanelStore } from '../../renderer/store/panel-store';
import { auto, eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

const id = (i: number) => `sess-${String(i).padStart(2, '0')}`;
const ref = (i: number) => `a0b0${String(i).padStart(2, '0')}`;

/** `turns` finished turns of one session: prompt, one tool call, answer; 8 stored events each, seqs from `start`. */
function history(i: number, turns: number, start: number): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (let t = 0; t < turns; t++) {
    const ev = eventMaker(id(i), ref(i), start + events.length);
    const promptId = `p-${i}-${t}`;
    events.push(
      ev('prompt_queued', { text: `task ${t} of ${ref(i)}`, position: 0 }, promptId),
      ev('prompt_status', { status: 'running' }, promptId),
      ev('turn_started', { resumed: false }, promptId),
      ev('tool_call', { callId: `c-${t}`, tool: 'Read', input: { path: `f${t}.ts` }, decision: auto }, promptId),
      ev('tool_result', { callId: `c-${t}`, tool: 'Read', ok: true, output: `contents of f${t}.ts`, error: null }, promptId),
      ev('assistant_message', { content: `answer ${t} of ${ref(i)}`, toolCalls: [] }, promptId),
      ev('prompt_status', { status: 'completed' }, promptId),
      ev('turn_completed', { content: `answer ${t} of ${ref(i)}` }, promptId),
    );
  }
  return events;
}

/** A keyset page the way the engine's store answers it: oldest first, after `afterSeq` or the last before `beforeSeq`. */
function page(events: readonly EngineEvent[], input: RequestInput<'session.events'>): EngineEvent[] {
  const limit = input.limit ?? 100_000;
  const inRange = events.filter((e) => e.seq > (input.afterSeq ?? 0) && (input.beforeSeq === undefined || e.seq < input.beforeSeq));
  return input.beforeSeq === undefined ? inRange.slice(0, limit) : inRange.slice(-limit);
}

/** `count` listed sessions, each with `turns` turns of history. */
function engine(count: number, turns: number, extra: Partial<Record<number, Partial<SessionSummary>>> = {}): { fake: FakeApi; events: Map<string, EngineEvent[]> } {
  const events = new Map<string, EngineEvent[]>();
  for (let i = 0; i < count; i++) events.set(id(i), history(i, turns, 1 + i * 10_000));
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: Array.from({ length: count }, (_, i) => summary(id(i), ref(i), `/w/${i % 3}`, extra[i] ?? {})) }),
    'session.events': (input) => ({ ok: true, value: page(events.get(input.session ?? '') ?? [], input) }),
  });
  return { fake, events };
}

const eventCalls = (fake: FakeApi) => fake.calls.filter((c) => c.method === 'session.events').map((c) => c.input as RequestInput<'session.events'>);

async function ready(store: PanelStore): Promise<void> {
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('paged session history', () => {
  it('reads only summaries on start, and the history of the shown sessions only', async () => {
    const { fake } = engine(30, 3, { 7: { pendingApprovals: 1, status: 'waiting_approval' } });
    const { store } = renderPanel(fake);
    await ready(store);
    const list = screen.getByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('button', { name: /a0b0/ })).toHaveLength(30);
    // One newest page of the focused session; approvals only of the session that has some pending.
    expect(eventCalls(fake)).toEqual([{ session: id(0), beforeSeq: Number.MAX_SAFE_INTEGER, limit: HISTORY_PAGE }]);
    expect(fake.calls.filter((c) => c.method === 'approval.list').map((c) => c.input)).toEqual([{ session: id(7) }]);
    expect(Object.keys(store.getState().domain.transcripts)).toEqual([id(0)]);
    const region = screen.getByRole('region', { name: 'Transcript' });
    expect(within(region).getByText('answer 2 of a0b000')).toBeTruthy();

    // The 2×2 grid shows three more sessions (the newest): their histories are read, nobody else's.
    act(() => store.getState().actions.setLayout(4));
    await waitFor(() => expect(eventCalls(fake).map((c) => c.session)).toEqual([id(0), id(29), id(28), id(27)]));
    await waitFor(() => expect(document.querySelectorAll('.session-tile')).toHaveLength(3));
    expect(within(document.querySelector('.session-tile') as HTMLElement).getByText('answer 2 of a0b029')).toBeTruthy();
  });

  it('loads the page before the loaded history with beforeSeq when the transcript is scrolled up', async () => {
    const turns = 90; // 720 events: three pages, the newest one starting inside turn 52 (after its tool call)
    const { fake, events } = engine(1, turns);
    const all = events.get(id(0)) as EngineEvent[];
    // A region taller than its view, scrolled to the bottom (jsdom lays nothing out).
    const heights = Object.entries({ scrollHeight: 20_000, clientHeight: 600 }).map(([key, value]) => {
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
      return key;
    });
    try {
      const { store } = renderPanel(fake);
      await ready(store);
      const newest = all.slice(-HISTORY_PAGE);
      expect(store.getState().domain.history[id(0)]).toEqual({ oldestSeq: newest[0]!.seq, complete: false, loadingOlder: false });
      const items = () => store.getState().domain.transcripts[id(0)] ?? [];
      const firstText = () => {
        const first = items()[0];
        return first && 'text' in first ? first.text : null;
      };
      expect(items().length).toBeLessThan(3 * turns);
      expect(eventCalls(fake)).toHaveLength(1);

      const region = screen.getByRole('region', { name: 'Transcript' });
      region.scrollTop = 0;
      fireEvent.scroll(region);
      await waitFor(() => expect(eventCalls(fake)).toHaveLength(2));
      expect(eventCalls(fake)[1]).toEqual({ session: id(0), beforeSeq: newest[0]!.seq, limit: HISTORY_PAGE });
      await waitFor(() => expect(store.getState().domain.history[id(0)]?.oldestSeq).toBe(all[all.length - 2 * HISTORY_PAGE]!.seq));

      // The last page is read from the button above the transcript; then the whole history is there, in order.
      fireEvent.click(await within(region).findByRole('button', { name: 'Show earlier messages' }));
      await waitFor(() => expect(store.getState().domain.history[id(0)]?.complete).toBe(true));
      expect(eventCalls(fake)[2]).toMatchObject({ beforeSeq: all[all.length - 2 * HISTORY_PAGE]!.seq });
      expect(items()).toHaveLength(3 * turns);
      expect(firstText()).toBe('task 0 of a0b000');
      expect(new Set(items().map((i) => i.key)).size).toBe(3 * turns);
      // The call cut by the page boundary is one item: its input from the older page, its result from the newer.
      expect(items().find((i) => i.key === 'tool:c-52')).toMatchObject({ input: { path: 'f52.ts' }, output: 'contents of f52.ts', status: 'done', decision: auto });
      expect(within(region).queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    } finally {
      for (const key of heights) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    }
  });

  it('updates the row of a session that is not shown from live events, without reading its history', async () => {
    const { fake } = engine(3, 2, { 2: { status: 'queued', queueLength: 1 } });
    const queued: PromptSummary = {
      id: 'p-q', ref: 'c0ffee', sessionId: id(2), text: 'waits', status: 'running', error: null,
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null,
    };
    fake.handle('session.get', ({ session }) => ({ ok: true, value: { ...summary(session, ref(2), '/w/2', { status: 'running' }), prompts: [queued] } }));
    const { store } = renderPanel(fake);
    await ready(store);
    const row = (i: number) => within(screen.getByRole('list', { name: 'Sessions' })).getByRole('button', { name: new RegExp(ref(i)) });
    expect(row(1).querySelector('.chip')?.textContent).toBe('idle');

    // Session 1's summary said nothing was active: its live prompt is all the chip needs.
    const ev = eventMaker(id(1), ref(1), 50_000);
    act(() => {
      fake.emit(ev('prompt_queued', { text: 'new work', position: 0 }, 'p-live'));
      fake.emit(ev('prompt_status', { status: 'running' }, 'p-live'));
      fake.emit(ev('assistant_message', { content: 'working on it', toolCalls: [] }, 'p-live'));
      fake.emit(ev('usage', { provider: 'p', model: 'm', promptTokens: 1000, completionTokens: 500, totalTokens: 1500, sessionTotalTokens: 4500 }, 'p-live'));
    });
    await waitFor(() => expect(row(1).querySelector('.chip')?.textContent).toBe('running'));
    expect(row(1).textContent).toContain('4.5k tok');
    expect(within(row(1)).getByRole('img', { name: 'unread' })).toBeTruthy();
    expect(store.getState().domain.transcripts[id(1)]).toBeUndefined();

    // Session 2 had a queued prompt the panel never saw: its prompts are read once (session.get), not its history.
    expect(row(2).querySelector('.chip')?.textContent).toBe('queued');
    expect(row(2).textContent).toContain('+1 queued');
    const ev2 = eventMaker(id(2), ref(2), 60_000);
    act(() => fake.emit(ev2('prompt_status', { status: 'running' }, 'p-q')));
    await waitFor(() => expect(row(2).querySelector('.chip')?.textContent).toBe('running'));
    expect(row(2).textContent).not.toContain('queued');
    expect(fake.calls.filter((c) => c.method === 'session.get').map((c) => c.input)).toEqual([{ session: id(2) }]);
    expect(eventCalls(fake).map((c) => c.session)).toEqual([id(0)]);
  });

  it('keeps a bounded number of loaded histories, reading a dropped one again when it is shown', async () => {
    const count = KEEP_HISTORIES + 4;
    const { fake } = engine(count, 1);
    const { store } = renderPanel(fake);
    await ready(store);
    for (let i = 1; i < count; i++) {
      act(() => store.getState().actions.focus(id(i)));
      await waitFor(() => expect(store.getState().domain.transcripts[id(i)]).toBeDefined());
    }
    const loaded = Object.keys(store.getState().domain.transcripts);
    expect(loaded).toHaveLength(KEEP_HISTORIES + 1);
    expect(loaded).not.toContain(id(0));
    expect(loaded).toContain(id(count - 1));

    act(() => store.getState().actions.focus(id(0)));
    await waitFor(() => expect(store.getState().domain.transcripts[id(0)]).toBeDefined());
    expect(eventCalls(fake).filter((c) => c.session === id(0))).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Transcript' })).getByText('answer 0 of a0b000')).toBeTruthy();
  });

  it('in the 2×2 grid, every session focused in turn shows its history, past the bound of kept histories', async () => {
    const count = KEEP_HISTORIES + 12;
    // Longer than one page each: the newest page holds the end of the history.
    const turns = Math.ceil(HISTORY_PAGE / 8) + 20;
    const { fake } = engine(count, turns);
    const { store } = renderPanel(fake);
    await ready(store);
    act(() => store.getState().actions.setLayout(4));
    for (let i = 0; i < count; i++) {
      act(() => store.getState().actions.focus(id(i)));
      await waitFor(() => expect(store.getState().domain.transcripts[id(i)]?.length ?? 0).toBeGreaterThan(0));
      await waitFor(() =>
        expect(store.getState().domain.transcripts[id(i)]?.some((t) => t.kind === 'assistant' && t.text === `answer ${turns - 1} of ${ref(i)}`)).toBe(true),
      );
      expect(store.getState().ui.focusedSessionId).toBe(id(i));
    }
  });

  it('puts a long session list on screen in two frames: the rows that fit first, all of them right after', async () => {
    // Animation frames run when the test says so.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    try {
      const { fake } = engine(120, 1);
      const { store } = renderPanel(fake);
      await ready(store);
      const rows = () => within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('button', { name: /a0b0/ });
      expect(rows()).toHaveLength(40);
      act(() => frames.splice(0).forEach((run) => run(0)));
      expect(rows()).toHaveLength(120);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
