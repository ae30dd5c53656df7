// @vitest-environment jsdom
// The session header's menu: Export as Markdown (a .md download of the stored history) and Fork.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent, RequestOutput } from '../../shared';
import { inheritedEvents } from '../../shared/transcript';
import { transcriptMarkdown } from '../../shared/transcript-markdown';
import { markdownFileName } from '../../renderer/export/download';
import { eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

const ev = eventMaker('sess-1', 'a1b2c3', 1);
const SOURCE: EngineEvent[] = [
  ev('session_created', { workspace: '/w/one' }, null),
  ev('prompt_queued', { text: 'explain the build', position: 0 }),
  ev('prompt_status', { status: 'running' }),
  ev('assistant_message', { content: 'It uses vite.', toolCalls: [] }),
  ev('prompt_status', { status: 'completed' }),
  ev('turn_completed', { content: 'It uses vite.' }),
  ev('prompt_queued', { text: 'now the tests', position: 0 }, 'p-2'),
  ev('prompt_status', { status: 'running' }, 'p-2'),
];
const fork = eventMaker('sess-2', 'f0f0f0', 50);
const FORK: EngineEvent[] = [fork('session_created', { workspace: '/w/one', forkedFrom: { sessionId: 'sess-1', sessionRef: 'a1b2c3', seq: 8 } }, null)];

const forkReply: RequestOutput<'session.fork'> = {
  session: summary('sess-2', 'f0f0f0', '/w/one'),
  forkedFrom: { id: 'sess-1', ref: 'a1b2c3', name: 'build' },
  prompts: 1,
  messages: 3,
  skippedPrompts: 1,
  sharedWorktree: null,
};

function engine(): FakeApi {
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'build' })] }),
    'session.events': ({ session, afterSeq }) => {
      const events = session === 'sess-1' ? SOURCE : session === 'sess-2' ? FORK : [];
      return { ok: true, value: events.filter((e) => e.seq > (afterSeq ?? 0)) };
    },
    'session.fork': () => ({ ok: true, value: forkReply }),
  });
  return fake;
}

/** What the download was given: the Blob behind each object URL, and the links clicked. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const clicked: Array<{ href: string; download: string }> = [];
  const revoked: string[] = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:paragents/${blobs.length}`;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return { blobs, clicked, revoked };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openMenu(fake: FakeApi, sessionId = 'sess-1') {
  const { store } = renderPanel(fake);
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
  act(() => store.getState().actions.focus(sessionId));
  const user = userEvent.setup();
  const pane = await waitFor(() => {
    const el = document.querySelector('.session-pane .pane-header');
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
  const button = within(pane).getByRole('button', { name: 'Session menu' });
  expect(button.getAttribute('aria-haspopup')).toBe('menu');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return { store, user, button, menu: screen.getByRole('menu') };
}

describe('session menu', () => {
  it('lists its items as menu items; arrows move between them and Escape closes back to the button', async () => {
    const { user, button, menu } = await openMenu(engine());
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Export as Markdown', 'Fork', 'Show context', 'Compact now']);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[3]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Export as Markdown downloads the session\'s stored history as a .md file', async () => {
    const downloads = captureDownloads();
    const { user, menu } = await openMenu(engine());
    await user.click(within(menu).getByRole('menuitem', { name: 'Export as Markdown' }));
    await waitFor(() => expect(downloads.clicked).toHaveLength(1));
    expect(downloads.clicked[0]).toEqual({ href: 'blob:paragents/1', download: 'paragents-a1b2c3-build.md' });
    const blob = downloads.blobs[0]!;
    expect(blob.type).toBe('text/markdown;charset=utf-8');
    const markdown = await blob.text();
    expect(markdown).toBe(transcriptMarkdown(SOURCE));
    expect(markdown).toContain('> explain the build');
    expect(markdown).toContain('It uses vite.');
    expect(document.querySelector('a[download]')).toBeNull(); // the link is not left in the page
    await waitFor(() => expect(downloads.revoked).toEqual(['blob:paragents/1']));
    expect(await screen.findByText('exported session a1b2c3 as paragents-a1b2c3-build.md')).toBeTruthy();
  });

  it('a fork\'s export starts with the finished turns it copied from its source', async () => {
    const downloads = captureDownloads();
    const fake = engine();
    fake.handle('session.list', () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one'), summary('sess-2', 'f0f0f0', '/w/one')] }));
    const { user, menu } = await openMenu(fake, 'sess-2');
    await user.click(within(menu).getByRole('menuitem', { name: 'Export as Markdown' }));
    await waitFor(() => expect(downloads.blobs).toHaveLength(1));
    const markdown = await downloads.blobs[0]!.text();
    expect(markdown).toBe(transcriptMarkdown([...inheritedEvents(SOURCE, 8), ...FORK]));
    expect(markdown).toContain('> explain the build');
    expect(markdown).not.toContain('now the tests'); // unfinished in the source when the fork was made
    expect(downloads.clicked[0]?.download).toBe('paragents-f0f0f0.md');
  });

  it('reports an export that could not read the history, and downloads nothing', async () => {
    const downloads = captureDownloads();
    const fake = engine();
    const { user, menu } = await openMenu(fake);
    fake.handle('session.events', () => ({ ok: false, error: { kind: 'internal', message: 'database is locked' } }));
    await user.click(within(menu).getByRole('menuitem', { name: 'Export as Markdown' }));
    expect(await screen.findByText('export: database is locked')).toBeTruthy();
    expect(downloads.clicked).toEqual([]);
  });

  it('Fork sends session.fork; the new session appears in the list and is focused', async () => {
    const fake = engine();
    const { store, user, menu } = await openMenu(fake);
    await user.click(within(menu).getByRole('menuitem', { name: 'Fork' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'session.fork').map((c) => c.input)).toEqual([{ session: 'sess-1' }]));
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('sess-2'));
    const list = screen.getByRole('list', { name: 'Sessions' });
    expect(within(list).getByRole('button', { current: true }).textContent).toContain('f0f0f0');
    expect(screen.getByText('forked session a1b2c3 into f0f0f0: 1 finished prompt and 3 messages copied; 1 unfinished prompt left out')).toBeTruthy();
    act(() => fake.emit(FORK[0]!));
    const region = await screen.findByRole('region', { name: 'Transcript' });
    expect(await within(region).findByText(/forked from session a1b2c3/)).toBeTruthy();
  });

  it('a refused fork is reported and focus stays', async () => {
    const fake = engine();
    fake.handle('session.fork', () => ({ ok: false, error: { kind: 'invalid_state', message: "the session's workspace folder no longer exists: /w/one" } }));
    const { store, user, menu } = await openMenu(fake);
    await user.click(within(menu).getByRole('menuitem', { name: 'Fork' }));
    expect(await screen.findByText("fork: the session's workspace folder no longer exists: /w/one")).toBeTruthy();
    expect(store.getState().ui.focusedSessionId).toBe('sess-1');
  });

  it('names the download after the session without characters file systems refuse', () => {
    expect(markdownFileName({ ref: 'a1b2c3', name: null })).toBe('paragents-a1b2c3.md');
    expect(markdownFileName({ ref: 'a1b2c3', name: 'fix: a/b test?' })).toBe('paragents-a1b2c3-fix-a-b-test.md');
    expect(markdownFileName({ ref: 'a1b2c3', name: '///' })).toBe('paragents-a1b2c3.md');
  });
});
