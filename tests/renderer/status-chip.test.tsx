// @vitest-environment jsdom
// The session chips in the sidebar list and the pane header, driven by engine events through a fake EngineApi.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { eventMaker } from './helpers/events';
import { fakeApi, summary } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

async function panelWithOneSession() {
  const fake = fakeApi({ 'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }) });
  const { store } = renderPanel(fake);
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
  await screen.findByRole('textbox', { name: 'Prompt' });
  return fake;
}

/** The chip in the sidebar row and the one in the focused pane's header. */
function chips(): string[] {
  const row = within(screen.getByRole('list', { name: 'Sessions' })).getByRole('button', { current: true });
  const header = document.querySelector('.pane-header');
  return [row.querySelector('.chip')?.textContent ?? '', header?.querySelector('.chip')?.textContent ?? ''];
}

describe('session status chip', () => {
  it('says paused while its prompt is paused, even with another prompt queued behind it', async () => {
    const fake = await panelWithOneSession();
    const ev = eventMaker('sess-1', 'a1b2c3', 10);
    fake.emit(ev('prompt_queued', { text: 'refactor the parser', position: 0 }, 'p-1'));
    fake.emit(ev('prompt_status', { status: 'running' }, 'p-1'));
    fake.emit(ev('prompt_queued', { text: 'then the tests', position: 1 }, 'p-2'));
    await waitFor(() => expect(chips()).toEqual(['running', 'running']));
    fake.emit(ev('prompt_status', { status: 'paused' }, 'p-1'));
    await waitFor(() => expect(chips()).toEqual(['paused', 'paused']));
    fake.emit(ev('prompt_status', { status: 'running' }, 'p-1'));
    await waitFor(() => expect(chips()).toEqual(['running', 'running']));
  });

  it('says idle, not failed, when the last prompt was cancelled', async () => {
    const fake = await panelWithOneSession();
    const ev = eventMaker('sess-1', 'a1b2c3', 10);
    fake.emit(ev('prompt_queued', { text: 'write the report', position: 0 }, 'p-1'));
    fake.emit(ev('prompt_status', { status: 'running' }, 'p-1'));
    fake.emit(ev('prompt_status', { status: 'cancelled' }, 'p-1'));
    await waitFor(() => expect(chips()).toEqual(['idle', 'idle']));
  });
});
