// @vitest-environment jsdom
// What a remote machine's engine asks or finds names that machine: the approval card and the inbox row say "on NAME",
// a search hit in the command palette carries the machine's badge; this machine's say nothing of the kind.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent, SearchHit } from '../../shared';
import { asks, eventMaker } from './helpers/events';
import { fakeApi, machine, summary } from './helpers/fake-api';
import { renderFocused } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const onMachine = (machineName: string | undefined, events: EngineEvent[]): EngineEvent[] =>
  machineName === undefined ? events : events.map((e) => ({ ...e, machine: machineName }));

function approvalOf(sessionId: string, ref: string, approvalId: string, command: string): EngineEvent[] {
  const ev = eventMaker(sessionId, ref, 10);
  return [
    ev('prompt_queued', { text: 'go', position: 0 }, `p-${ref}`),
    ev('prompt_status', { status: 'running' }, `p-${ref}`),
    ev('tool_call', { callId: `c-${ref}`, tool: 'Bash', input: { command }, decision: asks }, `p-${ref}`),
    ev('approval_requested', { approvalId, approvalRef: approvalId.slice(-6), callId: `c-${ref}`, tool: 'Bash', input: { command }, decision: asks, alwaysRule: null }, `p-${ref}`),
    ev('prompt_status', { status: 'waiting_approval' }, `p-${ref}`),
  ];
}

it('the approval card and the inbox say "on NAME" for a remote machine\'s approval, nothing for this machine\'s', async () => {
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [summary('s-gpu', 'aaa111', '/home/dev/app', { machine: 'gpu' }), summary('s-here', 'ccc333', '/w/one')] }),
    'machines.list': () => ({ ok: true, value: [machine('local'), machine('gpu')] }),
  });
  await renderFocused(fake, 's-gpu');
  onMachine('gpu', approvalOf('s-gpu', 'aaa111', 'ap-00beef01', 'make train')).forEach((e) => fake.emit(e));
  approvalOf('s-here', 'ccc333', 'ap-00beef02', 'npm test').forEach((e) => fake.emit(e));

  const card = await screen.findByRole('dialog', { name: 'Approval required' });
  await waitFor(() => expect(card.querySelector('.approval-ref .machine-badge')?.textContent).toBe('on gpu'));
  expect(card.querySelector('.approval-ref')?.textContent).toContain('session aaa111');

  await userEvent.click(screen.getByRole('button', { name: /Approvals/ }));
  const inbox = await screen.findByRole('listbox', { name: 'Pending approvals' });
  const rows = await waitFor(() => {
    const options = within(inbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    return options;
  });
  const row = (command: string) => rows.find((r) => r.textContent?.includes(command)) as HTMLElement;
  expect(row('make train').querySelector('.machine-badge')?.textContent).toBe('on gpu');
  expect(row('npm test').querySelector('.machine-badge')).toBeNull();
});

it('a search hit of a remote machine\'s session carries the machine\'s badge', async () => {
  const hit = (sessionId: string, ref: string, machineName?: string): SearchHit => ({
    sessionId, sessionRef: ref, sessionName: null, workspace: '/w', closed: false, seq: 1, promptId: null, callId: null, tool: null,
    kind: 'prompt', ts: '2025-01-01T00:00:00Z', snippet: { text: `deploy from ${ref}`, highlights: [[0, 6]] },
    ...(machineName !== undefined ? { machine: machineName } : {}),
  });
  const fake = fakeApi({
    'session.list': () => ({ ok: true, value: [summary('s-gpu', 'aaa111', '/home/dev/app', { machine: 'gpu' }), summary('s-here', 'ccc333', '/w/one')] }),
    'search.query': () => ({ ok: true, value: [hit('s-gpu', 'aaa111', 'gpu'), hit('s-here', 'ccc333')] }),
  });
  await renderFocused(fake, 's-here');
  fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  const dialog = screen.getByRole('dialog', { name: 'Command palette' });
  fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search' }), { target: { value: 'deploy' } });
  const group = await within(dialog).findByRole('group', { name: 'Messages' });
  const hits = within(group).getAllByRole('option');
  const of = (ref: string) => hits.find((h) => h.textContent?.includes(`deploy from ${ref}`)) as HTMLElement;
  expect(of('aaa111').querySelector('.machine-badge')?.textContent).toBe('gpu');
  expect(of('ccc333').querySelector('.machine-badge')).toBeNull();
});
