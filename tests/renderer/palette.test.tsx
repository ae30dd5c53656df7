// @vitest-environment jsdom
// The command palette (Ctrl/Cmd+K): sessions by name, workspace or ref (closed ones too, which can be reopened),
// slash commands, and history hits from `search.query`; a hit opens its session at that message, reading the
// history's pages back to the one that holds it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EngineEvent, RequestInput, SearchHit, SessionSummary } from '../../shared';
import { HISTORY_PAGE, NEWEST } from '../../renderer/store/history';
import type { PanelStore } from '../../renderer/store/panel-store';
import { revealStoreFor } from '../../renderer/store/search';
import { auto, eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

/** `turns` finished turns of one session (8 stored events each): prompt, one tool call, answer. */
function history(sessionId: string, ref: string, turns: number): EngineEvent[] {
  const ev = eventMaker(sessionId, ref, 1);
  const events: EngineEvent[] = [];
  for (let t = 0; t < turns; t++) {
    const promptId = `p-${ref}-${t}`;
    events.push(
      ev('prompt_queued', { text: `task ${t} of ${ref}`, position: 0 }, promptId),
      ev('prompt_status', { status: 'running' }, promptId),
      ev('turn_started', { resumed: false }, promptId),
      ev('tool_call', { callId: `c-${t}`, tool: 'Read', input: { path: `f${t}.ts` }, decision: auto }, promptId),
      ev('tool_result', { callId: `c-${t}`, tool: 'Read', ok: true, output: `contents of f${t}.ts`, error: null }, promptId),
      ev('assistant_message', { content: `answer ${t} of ${ref}`, toolCalls: [] }, promptId),
      ev('prompt_status', { status: 'completed' }, promptId),
      ev('turn_completed', { content: `answer ${t} of ${ref}` }, promptId),
    );
  }
  return events;
}

function page(events: readonly EngineEvent[], input: RequestInput<'session.events'>): EngineEvent[] {
  const limit = input.limit ?? 100_000;
  const inRange = events.filter((e) => e.seq > (input.afterSeq ?? 0) && (input.beforeSeq === undefined || e.seq < input.beforeSeq));
  return input.beforeSeq === undefined ? inRange.slice(0, limit) : inRange.slice(-limit);
}

function hitFor(event: EngineEvent, kind: SearchHit['kind'], extra: Partial<SearchHit> = {}): SearchHit {
  return {
    sessionId: event.sessionId,
    sessionRef: event.sessionRef,
    sessionName: null,
    workspace: '/w/api',
    closed: false,
    seq: event.seq,
    promptId: event.promptId,
    callId: event.type === 'tool_call' || event.type === 'tool_result' ? event.callId : null,
    tool: event.type === 'tool_call' || event.type === 'tool_result' ? event.tool : null,
    kind,
    ts: event.ts,
    snippet: { text: 'answer 3 of aaa111', highlights: [[0, 6]] },
    ...extra,
  };
}

const SESSIONS: SessionSummary[] = [
  summary('s-api', 'aaa111', '/w/api', { name: 'api server' }),
  summary('s-web', 'bbb222', '/w/web', { name: 'web client' }),
  summary('s-docs', 'ccc333', '/w/docs'),
];
const CLOSED = summary('s-old', 'ddd444', '/w/api', { name: 'old migration', closedAt: '2025-01-02T00:00:00Z', status: 'closed' });

function engine(events: Map<string, EngineEvent[]>, hits: SearchHit[] = []): FakeApi {
  return fakeApi({
    'session.list': ({ includeClosed }) => ({ ok: true, value: includeClosed ? [...SESSIONS, CLOSED] : SESSIONS }),
    'session.events': (input) => ({ ok: true, value: page(events.get(input.session ?? '') ?? [], input) }),
    'session.get': ({ session }) => {
      const found = [...SESSIONS, CLOSED].find((s) => s.id === session);
      return found ? { ok: true, value: { ...found, prompts: [] } } : { ok: false, error: { kind: 'not_found', message: `session not found: ${session}` } };
    },
    'search.query': () => ({ ok: true, value: hits }),
    'session.reopen': ({ session }) => ({ ok: true, value: { ...CLOSED, id: session, closedAt: null, status: 'idle' } }),
  });
}

async function ready(store: PanelStore): Promise<void> {
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
}

function openPalette(): { dialog: HTMLElement; box: HTMLElement } {
  fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  const dialog = screen.getByRole('dialog', { name: 'Command palette' });
  return { dialog, box: within(dialog).getByRole('searchbox', { name: 'Search' }) };
}

const options = (dialog: HTMLElement, group: string) => within(within(dialog).getByRole('group', { name: group })).getAllByRole('option').map((o) => o.textContent);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  for (const key of ['scrollHeight', 'clientHeight', 'scrollTo']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
});

describe('command palette', () => {
  it('opens with Ctrl+K (or Cmd+K) as a dialog with a search box that has the focus, and closes with Escape', async () => {
    const { store } = renderPanel(engine(new Map()));
    await ready(store);
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    const { box } = openPalette();
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'k', metaKey: true });
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('filters sessions by name, workspace or ref, and Enter focuses the one chosen with the arrows', async () => {
    const { store } = renderPanel(engine(new Map()));
    await ready(store);
    const { dialog, box } = openPalette();
    fireEvent.change(box, { target: { value: 'web' } });
    expect(options(dialog, 'Sessions')).toEqual([expect.stringContaining('web client')]);
    fireEvent.change(box, { target: { value: 'w/api' } });
    // The closed session of that workspace is listed too (read with includeClosed), and can be reopened.
    await waitFor(() => expect(options(dialog, 'Sessions')).toEqual([expect.stringContaining('api server'), expect.stringContaining('old migration'), 'Reopen old migration']));
    fireEvent.change(box, { target: { value: 'ccc' } });
    expect(options(dialog, 'Sessions')).toEqual([expect.stringContaining('ccc333')]);

    act(() => store.getState().actions.focus('s-docs'));
    fireEvent.change(box, { target: { value: 'server' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('s-api'));

    const again = openPalette();
    fireEvent.change(again.box, { target: { value: 'client' } });
    const active = () => within(again.dialog).getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');
    expect(active()?.textContent).toContain('web client');
    fireEvent.keyDown(again.box, { key: 'ArrowDown' });
    expect(again.box.getAttribute('aria-activedescendant')).toBe(active()?.id);
    fireEvent.keyDown(again.box, { key: 'ArrowUp' });
    fireEvent.keyDown(again.box, { key: 'Enter' });
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('s-web'));
  });

  it('reopens a closed session and focuses it', async () => {
    const fake = engine(new Map());
    const { store } = renderPanel(fake);
    await ready(store);
    const { dialog, box } = openPalette();
    fireEvent.change(box, { target: { value: 'old migration' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Reopen old migration' }));
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('s-old'));
    expect(fake.calls.filter((c) => c.method === 'session.reopen').map((c) => c.input)).toEqual([{ session: 's-old' }]);
    expect(store.getState().domain.sessions['s-old']?.closed).toBe(false);
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getByRole('button', { name: /old migration/ })).toBeTruthy();
  });

  it('runs a slash command, and fills in one that needs an argument before running it', async () => {
    const { store } = renderPanel(engine(new Map()));
    await ready(store);
    const first = openPalette();
    fireEvent.change(first.box, { target: { value: '/perm' } });
    expect(options(first.dialog, 'Commands')).toEqual([expect.stringContaining('/permissions')]);
    fireEvent.keyDown(first.box, { key: 'Enter' });
    await waitFor(() => expect(store.getState().ui.overlay).toBe('permissions'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();

    const second = openPalette();
    fireEvent.change(second.box, { target: { value: '/swi' } });
    fireEvent.keyDown(second.box, { key: 'Enter' });
    expect((second.box as HTMLInputElement).value).toBe('/switch ');
    fireEvent.change(second.box, { target: { value: '/switch bbb222' } });
    fireEvent.keyDown(second.box, { key: 'Enter' });
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('s-web'));
  });

  it('lists commands by what they do, beside sessions', async () => {
    const { store } = renderPanel(engine(new Map()));
    await ready(store);
    const { dialog, box } = openPalette();
    fireEvent.change(box, { target: { value: 'approvals inbox' } });
    expect(options(dialog, 'Commands')).toEqual([expect.stringContaining('/approvals')]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(store.getState().ui.overlay).toBe('inbox'));
  });
});

describe('history hits', () => {
  it('asks search.query as the typing pauses and shows the hits with their matched words marked', async () => {
    const events = new Map([['s-api', history('s-api', 'aaa111', 3)]]);
    const answer = events.get('s-api')!.find((e) => e.type === 'assistant_message')!;
    const fake = engine(events, [hitFor(answer, 'answer', { snippet: { text: 'answer 0 of aaa111', highlights: [[0, 6]] } })]);
    const { store } = renderPanel(fake);
    await ready(store);
    const { dialog, box } = openPalette();
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'an' } });
    fireEvent.change(box, { target: { value: 'answer' } });
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Messages' })).toBeTruthy());
    // One request, for the text once the typing paused.
    expect(fake.calls.filter((c) => c.method === 'search.query').map((c) => c.input)).toEqual([{ text: 'answer', limit: 20 }]);
    const hit = within(within(dialog).getByRole('group', { name: 'Messages' })).getByRole('option');
    expect(hit.textContent).toContain('answer 0 of aaa111');
    expect(hit.querySelector('mark')?.textContent).toBe('answer');
  });

  it('opens the session at the message: focused, pages read back to the one holding it, the entry revealed', async () => {
    const turns = 90; // 720 events: three pages of 300
    const all = history('s-api', 'aaa111', turns);
    const events = new Map([['s-api', all], ['s-web', history('s-web', 'bbb222', 2)]]);
    const target = all.find((e) => e.type === 'prompt_queued' && e.promptId === 'p-aaa111-3')!;
    const fake = engine(events, [hitFor(target, 'prompt', { snippet: { text: 'task 3 of aaa111', highlights: [[0, 4]] } })]);
    // A transcript region taller than its view that scrolls when told to (jsdom lays nothing out), so the virtual
    // list draws the rows around where it is scrolled to.
    for (const [key, value] of Object.entries({ scrollHeight: 20_000, clientHeight: 600 })) {
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
    }
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        this.scrollTop = options.top ?? this.scrollTop;
        this.dispatchEvent(new Event('scroll'));
      },
    });
    const { store } = renderPanel(fake);
    await ready(store);
    act(() => store.getState().actions.focus('s-web'));

    const { dialog, box } = openPalette();
    fireEvent.change(box, { target: { value: 'task 3' } });
    await within(dialog).findByRole('group', { name: 'Messages' });
    // Sessions and commands come first; the hit is reached with the arrows.
    const all_ = within(dialog).getAllByRole('option');
    for (let i = 0; i < all_.length - 1; i++) fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(revealStoreFor(store).getState().target?.hit.seq).toBe(target.seq));
    expect(store.getState().ui.focusedSessionId).toBe('s-api');
    const asked = fake.calls.filter((c) => c.method === 'session.events' && (c.input as RequestInput<'session.events'>).session === 's-api').map((c) => c.input);
    expect(asked).toEqual([
      { session: 's-api', beforeSeq: NEWEST, limit: HISTORY_PAGE },
      { session: 's-api', beforeSeq: all[all.length - HISTORY_PAGE]!.seq, limit: HISTORY_PAGE },
      { session: 's-api', beforeSeq: all[all.length - 2 * HISTORY_PAGE]!.seq, limit: HISTORY_PAGE },
    ]);
    expect(store.getState().domain.history['s-api']?.oldestSeq).toBeLessThanOrEqual(target.seq);
    await waitFor(() => expect(document.querySelector('.revealed')?.getAttribute('data-item-key')).toBe('user:p-aaa111-3'));
    expect(document.querySelector('.revealed')?.textContent).toContain('task 3 of aaa111');
  });

  it('opens a hit of a tool output at its call, in a closed session the panel did not list', async () => {
    const events = new Map([['s-old', history('s-old', 'ddd444', 2)]]);
    const result = events.get('s-old')!.find((e) => e.type === 'tool_result' && e.callId === 'c-1')!;
    const fake = engine(events, [hitFor(result, 'tool_output', { closed: true, sessionName: 'old migration', snippet: { text: 'contents of f1.ts', highlights: [[0, 8]] } })]);
    const { store } = renderPanel(fake);
    await ready(store);
    expect(store.getState().domain.sessions['s-old']).toBeUndefined();
    const { dialog, box } = openPalette();
    fireEvent.change(box, { target: { value: 'contents' } });
    const group = await within(dialog).findByRole('group', { name: 'Messages' });
    fireEvent.click(within(group).getByRole('option'));
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('s-old'));
    expect(fake.calls.some((c) => c.method === 'session.get' && (c.input as { session: string }).session === 's-old')).toBe(true);
    await waitFor(() => expect(document.querySelector('.revealed')?.getAttribute('data-item-key')).toBe('tool:c-1'));
    // Shown, not reopened: its menu offers that.
    expect(store.getState().domain.sessions['s-old']?.closed).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Session menu' }));
    expect(screen.getByRole('menuitem', { name: 'Reopen' })).toBeTruthy();
    // Its header offers reopening it, not closing it again.
    expect(screen.queryByRole('button', { name: 'Close session' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen session' }));
    await waitFor(() => expect(store.getState().domain.sessions['s-old']?.closed).toBe(false));
    expect(fake.calls.filter((c) => c.method === 'session.reopen').map((c) => c.input)).toEqual([{ session: 's-old' }]);
    expect(screen.getByRole('button', { name: 'Close session' })).toBeTruthy();
  });
});
