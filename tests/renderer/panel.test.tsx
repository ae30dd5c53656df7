// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromptSummary } from '../../shared';
import type { PanelStore } from '../../renderer/store/panel-store';
import { asks, auto, eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

const prompt = (id: string, sessionId: string, text: string): PromptSummary => ({
  id, ref: id.slice(0, 6), sessionId, text, status: 'queued', error: null,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null,
});

function withSession(): FakeApi {
  return fakeApi({
    'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }),
    'session.create': ({ workspace }) => ({ ok: true, value: summary('sess-2', 'b2c3d4', workspace) }),
    'prompt.send': ({ session, text }) => ({ ok: true, value: prompt('p-new00', session, text) }),
  });
}

function approvalEvents() {
  const ev = eventMaker('sess-1', 'a1b2c3', 10);
  return [
    ev('prompt_queued', { text: 'run tests', position: 0 }),
    ev('prompt_status', { status: 'running' }),
    ev('tool_call', { callId: 'c0', tool: 'Bash', input: { command: 'git log -1' }, decision: auto }),
    ev('tool_result', { callId: 'c0', tool: 'Bash', ok: true, output: 'commit 1234', error: null }),
    ev('tool_call', { callId: 'c1', tool: 'Bash', input: { command: 'npm test' }, decision: asks }),
    ev('approval_requested', { approvalId: 'ap-1', approvalRef: 'feed01', callId: 'c1', tool: 'Bash', input: { command: 'npm test' }, decision: asks, alwaysRule: 'Bash(npm test)' }),
    ev('prompt_status', { status: 'waiting_approval' }),
  ];
}

beforeEach(() => localStorage.clear());

async function ready(store: PanelStore): Promise<void> {
  await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
}
afterEach(() => cleanup());

describe('panel', () => {
  it('creates a session from the New session form and focuses it', async () => {
    const fake = withSession();
    await ready(renderPanel(fake).store);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New session' }));
    const form = screen.getByRole('form', { name: 'Create session' });
    await user.type(within(form).getByRole('textbox', { name: 'Workspace' }), '/w/two');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'session.create')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'session.create')?.input).toMatchObject({ workspace: '/w/two' });
    const list = screen.getByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(within(list).getByText('b2c3d4')).toBeTruthy());
    expect(within(list).getByRole('button', { current: true }).textContent).toContain('b2c3d4');
    expect(screen.getByRole('region', { name: 'Transcript' })).toBeTruthy();
  });

  it('follows the location hash the desktop shell sets, writes it back on focus, and marks prompt boxes as drop targets', async () => {
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one'), summary('sess-2', 'b2c3d4', '/w/two')] }),
    });
    const { store } = renderPanel(fake);
    await ready(store);
    window.location.hash = '#/session/sess-2/approval/ap-9';
    await waitFor(() => expect(store.getState().ui.focusedSessionId).toBe('sess-2'));
    const box = await screen.findByRole('textbox', { name: 'Prompt' });
    expect(box.getAttribute('data-paragents-drop')).toBe('prompt');
    expect(box.getAttribute('data-session-id')).toBe('sess-2');
    store.getState().actions.focus('sess-1');
    await waitFor(() => expect(window.location.hash).toBe('#/session/sess-1'));
    // This listener is added after the panel's, so it runs once the panel has handled the change.
    const handled = new Promise((r) => window.addEventListener('hashchange', r, { once: true }));
    window.location.hash = '#/session/no-such-session';
    await handled;
    expect(store.getState().ui.focusedSessionId).toBe('sess-1');
  });

  it('sends on Enter, adds a line on Shift+Enter, and shows the prompt in the transcript', async () => {
    const fake = withSession();
    await ready(renderPanel(fake).store);
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Prompt' });
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect((box as HTMLTextAreaElement).value).toBe('line one\nline two');
    expect(fake.calls.some((c) => c.method === 'prompt.send')).toBe(false);
    await user.type(box, '{Enter}');
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'prompt.send')?.input).toEqual({ session: 'sess-1', text: 'line one\nline two' }));
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('shows tool calls on one line with the policy decision, expandable to input and output', async () => {
    const fake = withSession();
    await ready(renderPanel(fake).store);
    await screen.findByRole('textbox', { name: 'Prompt' });
    approvalEvents().forEach((e) => fake.emit(e));
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    const line = await within(transcript).findByRole('button', { name: /git log -1/ });
    expect(line.textContent).toContain('auto-approved by `Bash(git log *)` from project settings');
    expect(line.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(line);
    expect(within(transcript).getByText('commit 1234')).toBeTruthy();
  });

  it('asks for approval in a dialog with the four answers and an inbox badge', async () => {
    const fake = withSession();
    fake.handle('approval.answer', ({ approval }) => ({
      ok: true,
      value: { id: approval, ref: 'feed01', sessionId: 'sess-1', sessionRef: 'a1b2c3', promptId: 'p-1', promptRef: 'p10000', callId: 'c1', tool: 'Bash', input: { command: 'npm test' }, decision: asks, alwaysRule: 'Bash(npm test)', status: 'approved', createdAt: '', resolvedAt: null },
    }));
    await ready(renderPanel(fake).store);
    await screen.findByRole('textbox', { name: 'Prompt' });
    approvalEvents().forEach((e) => fake.emit(e));
    const dialog = await screen.findByRole('dialog', { name: 'Approval required' });
    expect(within(dialog).getByText('npm test')).toBeTruthy();
    expect(within(dialog).getByText('npm needs approval')).toBeTruthy();
    expect(dialog.textContent).toContain('Bash(npm *)');
    expect(dialog.textContent).toContain('Bash(npm test)'); // the rule "Always allow" would save
    for (const name of ['Allow once', 'Allow for session', 'Always allow', 'Deny']) {
      expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /Approvals/ }).textContent).toContain('1');
    const sessions = screen.getByRole('list', { name: 'Sessions' });
    expect(within(sessions).getByText('approval')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Allow for session' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approval required' })).toBeNull());
    expect(fake.calls.find((c) => c.method === 'approval.answer')?.input).toEqual({ approval: 'ap-1', answer: { kind: 'allow_session' } });
  });

  it('answers with y / n in the prompt box and sends a deny message from the card', async () => {
    const fake = withSession();
    fake.handle('approval.answer', () => ({ ok: false, error: { kind: 'invalid_state', message: 'already answered' } }));
    await ready(renderPanel(fake).store);
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Prompt' });
    approvalEvents().forEach((e) => fake.emit(e));
    const dialog = await screen.findByRole('dialog', { name: 'Approval required' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message to the model/ }), 'use pnpm');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'approval.answer')).toHaveLength(1));
    expect(fake.calls.find((c) => c.method === 'approval.answer')?.input).toEqual({ approval: 'ap-1', answer: { kind: 'deny', message: 'use pnpm' } });
    await user.type(box, 'y{Enter}');
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'approval.answer')).toHaveLength(2));
    expect(fake.calls.filter((c) => c.method === 'approval.answer')[1]?.input).toEqual({ approval: 'ap-1', answer: { kind: 'allow_once' } });
    expect(fake.calls.some((c) => c.method === 'prompt.send')).toBe(false);
    expect(await screen.findAllByText(/approval: already answered/)).toHaveLength(2);
  });

  it('completes slash commands and refs; Enter fills without running', async () => {
    const fake = withSession();
    await ready(renderPanel(fake).store);
    const user = userEvent.setup();
    const box = (await screen.findByRole('textbox', { name: 'Prompt' })) as HTMLTextAreaElement;
    await user.type(box, '/sw');
    const popup = screen.getByRole('listbox', { name: 'Completions' });
    expect(within(popup).getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('/switch <session>')]);
    await user.keyboard('{Enter}');
    expect(box.value).toBe('/switch ');
    const refs = screen.getByRole('listbox', { name: 'Completions' });
    expect(within(refs).getByText('a1b2c3')).toBeTruthy();
    await user.keyboard('{Tab}');
    expect(box.value).toBe('/switch a1b2c3');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('already in current session a1b2c3.')).toBeTruthy();
  });

  it('shows the conflict card with Override / Wait / Cancel', async () => {
    const fake = withSession();
    fake.handle('conflict.resolve', ({ prompt: p }) => ({ ok: true, value: { ...prompt(p, 'sess-1', 'x'), status: 'running' } }));
    await ready(renderPanel(fake).store);
    await screen.findByRole('textbox', { name: 'Prompt' });
    const ev = eventMaker('sess-1', 'a1b2c3', 10);
    fake.emit(ev('prompt_queued', { text: 'write report', position: 0 }, 'p-7'));
    fake.emit(ev('conflict', { conflictId: 'k1', kind: 'write_write', otherSessionId: 's-9', otherSessionRef: 'cccccc', otherSessionName: 'docs', paths: ['out/report.md'], detail: 'both write out/report.md' }, 'p-7'));
    fake.emit(ev('prompt_status', { status: 'conflict' }, 'p-7'));
    const card = await screen.findByRole('group', { name: 'Conflict' });
    expect(card.textContent).toContain('docs');
    expect(card.textContent).toContain('out/report.md');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Override' }));
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'conflict.resolve')?.input).toEqual({ prompt: 'p-7', resolution: 'override' }));
    expect(within(card).getByRole('button', { name: 'Wait' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('triages approvals across sessions from the inbox with the keyboard', async () => {
    const fake = withSession();
    fake.handle('approval.answer', () => ({ ok: false, error: { kind: 'invalid_state', message: 'stale' } }));
    await ready(renderPanel(fake).store);
    approvalEvents().forEach((e) => fake.emit(e));
    const other = eventMaker('sess-2', 'dddddd', 100);
    fake.emit(other('session_created', { workspace: '/w/two' }, null));
    fake.emit(other('prompt_queued', { text: 'deploy', position: 0 }, 'p-9'));
    fake.emit(other('approval_requested', { approvalId: 'ap-2', approvalRef: 'beef02', callId: 'c9', tool: 'Bash', input: { command: 'make deploy' }, decision: asks, alwaysRule: null }, 'p-9'));
    const user = userEvent.setup();
    const inboxButton = await screen.findByRole('button', { name: 'Approvals 2' });
    await user.click(inboxButton);
    const list = screen.getByRole('listbox', { name: 'Pending approvals' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    list.focus();
    await user.keyboard('{ArrowDown}s');
    await waitFor(() => expect(fake.calls.find((c) => c.method === 'approval.answer')?.input).toEqual({ approval: 'ap-2', answer: { kind: 'allow_session' } }));
    await user.keyboard('{ArrowUp}d');
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'approval.answer')[1]?.input).toEqual({ approval: 'ap-1', answer: { kind: 'deny' } }));
  });

  it('shows up to four sessions side by side in the 2×2 layout', async () => {
    const fake = withSession();
    await ready(renderPanel(fake).store);
    for (const [i, ref] of ['bbbbbb', 'cccccc', 'dddddd', 'eeeeee'].entries()) {
      const ev = eventMaker(`sess-x${i}`, ref, 200 + i * 10);
      fake.emit(ev('session_created', { workspace: `/w/${ref}` }, null));
    }
    await screen.findAllByText('eeeeee');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '⊞ 2×2' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '◫ 2' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
