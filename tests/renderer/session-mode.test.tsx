// @vitest-environment jsdom
// The session's mode picker: it says where the mode came from, a pick is sent as the session's choice, and
// "Follow settings" takes the pick back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent } from '../../shared';
import { fakeApi, summary } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const selectedText = (select: HTMLElement): string => {
  const s = select as HTMLSelectElement;
  return s.options[s.selectedIndex]?.textContent ?? '';
};

describe('mode picker', () => {
  it("shows the settings' mode with its source, sends a pick, and follows the settings again", async () => {
    const following = summary('sess-1', 'a1b2c3', '/w/one', { name: 'api', mode: 'acceptEdits', modeSource: 'user' });
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [following] }),
      'session.setMode': ({ mode }) => ({
        ok: true,
        value: mode === null ? following : { ...following, mode, modeSource: 'session' },
      }),
    });
    renderPanel(fake);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: /^Mode/ });
    await waitFor(() => expect(selectedText(picker)).toBe('acceptEdits (from user settings)'));

    await user.selectOptions(picker, 'plan');
    expect(fake.calls.filter((c) => c.method === 'session.setMode').at(-1)?.input).toEqual({ session: 'sess-1', mode: 'plan' });
    await waitFor(() => expect(selectedText(picker)).toBe('plan (chosen for this session)'));

    await user.selectOptions(picker, 'Follow settings');
    expect(fake.calls.filter((c) => c.method === 'session.setMode').at(-1)?.input).toEqual({ session: 'sess-1', mode: null });
    await waitFor(() => expect(selectedText(picker)).toBe('acceptEdits (from user settings)'));

    // A pick made elsewhere (another window, the CLI) arrives as an event.
    const event: EngineEvent = {
      type: 'session_mode', seq: 10, ts: '2025-01-01T00:00:01Z', sessionId: 'sess-1', sessionRef: 'a1b2c3', sessionName: 'api',
      promptId: null, promptRef: null, mode: 'default', modeSource: 'session',
    };
    fake.emit(event);
    await waitFor(() => expect(selectedText(picker)).toBe('default (chosen for this session)'));
  });
});
