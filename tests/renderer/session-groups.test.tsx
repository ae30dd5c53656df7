// @vitest-environment jsdom
// Sessions grouped by the machine they run on (local first, then the machines list's order), each row badged with
// its machine, a disconnected machine's rows greyed and described, Reconnect in its group's heading; with no remote
// machine the list is as it always was. And the store's machine states: machines.list, then machine_state events.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent } from '../../shared';
import type { MachineState } from '../../shared/machines';
import { msg, type Msg } from '../../shared/i18n/message';
import { applyEvent, applyEvents, applySummaries } from '../../renderer/store/reducer';
import { applyMachineList, machineGroupOrder, showsMachines } from '../../renderer/store/machines';
import { emptyDomain } from '../../renderer/store/types';
import { createPanelStore } from '../../renderer/store/panel-store';
import { asks, eventMaker } from './helpers/events';
import { fakeApi, machine, summary } from './helpers/fake-api';
import { renderFocused, renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const stateEvent = (name: string, state: MachineState, problem: Msg | null = null): EngineEvent => ({
  type: 'machine_state', seq: 0, ts: '', sessionId: '', sessionRef: '', sessionName: null, promptId: null, promptRef: null,
  machine: name, state, problem,
});

const refused = msg('machines.link.sshFailed', { name: 'lab', error: 'Connection refused' });

describe('machine states in the store', () => {
  it('a machines.list answer sets the states in its order; machine_state events move them and make up no session', () => {
    let s = applyMachineList(emptyDomain(), [machine('local'), machine('lab', { state: 'disconnected', problem: refused }), machine('gpu')]);
    expect(s.machineOrder).toEqual(['local', 'lab', 'gpu']);
    expect(s.machines).toEqual({ local: { state: 'connected', problem: null }, lab: { state: 'disconnected', problem: refused }, gpu: { state: 'connected', problem: null } });

    s = applyEvents(s, [stateEvent('lab', 'connecting'), stateEvent('lab', 'connected'), stateEvent('gpu', 'disconnected', refused)]);
    expect(s.machines.lab).toEqual({ state: 'connected', problem: null });
    expect(s.machines.gpu).toEqual({ state: 'disconnected', problem: refused });
    expect(s.sessions).toEqual({});
    expect(s.sessionOrder).toEqual([]);

    // A machine the list did not name yet (added from another window) goes last; `local` stays connected.
    s = applyEvent(applyEvent(s, stateEvent('new', 'connecting')), stateEvent('local', 'disconnected'));
    expect(s.machineOrder).toEqual(['local', 'lab', 'gpu', 'new']);
    expect(s.machines.local).toEqual({ state: 'connected', problem: null });
  });

  it('a session and an approval keep the machine their summary or events name', () => {
    const ev = eventMaker('s-gpu', 'aaa111');
    const base = { machine: 'gpu' };
    const events = [
      { ...ev('session_created', { workspace: '/home/dev/app' }, null), ...base },
      { ...ev('prompt_queued', { text: 'go', position: 0 }), ...base },
      { ...ev('approval_requested', { approvalId: 'ap-1', approvalRef: 'feed01', callId: 'c1', tool: 'Bash', input: { command: 'npm test' }, decision: asks, alwaysRule: null }), ...base },
    ] as EngineEvent[];
    const s = applyEvents(emptyDomain(), events);
    expect(s.sessions['s-gpu']?.machine).toBe('gpu');
    expect(s.approvals['ap-1']?.machine).toBe('gpu');
    const listed = applySummaries(emptyDomain(), [summary('s-lab', 'bbb222', '/srv/x', { machine: 'lab' }), summary('s-here', 'ccc333', '/w')]);
    expect(listed.sessions['s-lab']?.machine).toBe('lab');
    expect(listed.sessions['s-here']?.machine).toBeUndefined();
    expect(showsMachines(listed)).toBe(true);
    expect(showsMachines(applySummaries(emptyDomain(), [summary('s-here', 'ccc333', '/w')]))).toBe(false);
  });

  it('a machines.list answer wins over the states heard before it (buffered by the load) and yields to those after it', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const fake = fakeApi({
      'machines.list': async () => {
        await held;
        return { ok: true, value: [machine('local'), machine('lab', { state: 'disconnected', problem: refused })] };
      },
    });
    const store = createPanelStore(fake.api, { schedule: (flush) => { const t = setTimeout(flush, 0); return () => clearTimeout(t); } });
    const stop = store.getState().actions.start();
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'machines.list')).toBe(true));
    // Heard while the list is asked for: older than the answer, which the hub wrote after it.
    fake.emit(stateEvent('lab', 'connecting'));
    answer();
    await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
    expect(store.getState().domain.machines.lab).toEqual({ state: 'disconnected', problem: refused });
    fake.emit(stateEvent('lab', 'connected'));
    await waitFor(() => expect(store.getState().domain.machines.lab).toEqual({ state: 'connected', problem: null }));
    expect(store.getState().domain.sessions).toEqual({});
    stop();
  });

  it('groups local first, then the machines list\'s order, then machines it does not name', () => {
    expect(machineGroupOrder(['local', 'lab', 'gpu'], ['gpu', 'gone', 'local'])).toEqual(['local', 'lab', 'gpu', 'gone']);
  });
});

describe('session list by machine', () => {
  const sessions = [
    summary('s-gpu', 'aaa111', '/home/dev/app', { name: 'trainer', machine: 'gpu' }),
    summary('s-lab', 'bbb222', '/srv/site', { name: 'site', machine: 'lab' }),
    summary('s-here', 'ccc333', '/w/one', { name: 'here' }),
  ];
  const listed = () => [machine('local'), machine('lab', { state: 'disconnected', problem: refused }), machine('gpu')];

  it('puts each machine\'s sessions in a group, badges each row, greys a disconnected machine\'s rows and offers Reconnect', async () => {
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: sessions }),
      'machines.list': () => ({ ok: true, value: listed() }),
      'machines.reconnect': ({ name }) => ({ ok: true, value: machine(name, { state: 'connecting' }) }),
    });
    const { store } = renderPanel(fake);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await waitFor(() => expect(within(list).getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['local', 'lab', 'gpu']));

    const group = (name: string) => within(list).getByRole('group', { name });
    expect(within(group('local')).getByRole('heading').textContent).toBe('local · connected');
    expect(within(group('lab')).getByRole('heading').textContent).toBe('lab · disconnected');
    expect(within(group('gpu')).getByRole('heading').textContent).toBe('gpu · connected');
    const badges = (name: string) => [...group(name).querySelectorAll('.machine-badge')].map((b) => b.textContent);
    expect(badges('local')).toEqual(['local']);
    expect(badges('lab')).toEqual(['lab']);
    expect(badges('gpu')).toEqual(['gpu']);

    const site = within(group('lab')).getByRole('button', { name: /site/ });
    expect(site.closest('li')?.classList.contains('disconnected')).toBe(true);
    expect(descriptionOf(site)).toBe('lab is disconnected');
    const trainer = within(group('gpu')).getByRole('button', { name: /trainer/ });
    expect(trainer.closest('li')?.classList.contains('disconnected')).toBe(false);
    expect(descriptionOf(trainer)).toBe('');
    expect(within(group('gpu')).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(within(group('local')).queryByRole('button', { name: 'Reconnect' })).toBeNull();

    await userEvent.click(within(group('lab')).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'machines.reconnect').map((c) => c.input)).toEqual([{ name: 'lab' }]));

    // The hub reached it: the rows are whole again and Reconnect goes away.
    fake.emit(stateEvent('lab', 'connected'));
    await waitFor(() => expect(within(group('lab')).getByRole('heading').textContent).toBe('lab · connected'));
    expect(within(group('lab')).getByRole('button', { name: /site/ }).closest('li')?.classList.contains('disconnected')).toBe(false);
    expect(within(group('lab')).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(store.getState().domain.machines.lab?.state).toBe('connected');
  });

  it('shows the session\'s machine beside its workspace in the header', async () => {
    const fake = fakeApi({ 'session.list': () => ({ ok: true, value: sessions }), 'machines.list': () => ({ ok: true, value: listed() }) });
    await renderFocused(fake, 's-gpu');
    const header = await waitFor(() => {
      const h = document.querySelector('.pane-header');
      expect(h?.querySelector('.machine-badge')?.textContent).toBe('gpu');
      return h as HTMLElement;
    });
    expect(header.textContent).toContain('/home/dev/app');
  });

  it('with no remote machine, looks as it always did: no groups, no badges', async () => {
    const fake = fakeApi({ 'session.list': () => ({ ok: true, value: [summary('s-here', 'ccc333', '/w/one', { name: 'here' }), summary('s-two', 'ddd444', '/w/two')] }) });
    const { store } = await renderFocused(fake, 's-here');
    const list = await screen.findByRole('list', { name: 'Sessions' });
    await within(list).findByRole('button', { name: /here/ });
    expect(store.getState().domain.machineOrder).toEqual(['local']);
    expect(within(list).queryAllByRole('group')).toEqual([]);
    expect(document.querySelectorAll('.machine-badge')).toHaveLength(0);
    expect(document.querySelectorAll('.session-group')).toHaveLength(2);
  });
});

/** The accessible description of an element, from the elements its aria-describedby names (hidden ones included). */
function descriptionOf(el: HTMLElement): string {
  const ids = el.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
