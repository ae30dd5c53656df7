// @vitest-environment jsdom
// The Machines view against a scripted EngineApi shaped like the contract (the host's hub itself is tested with a
// real sshd elsewhere): states and problems, Test's sentence, Add's input and errors, Remove's confirmation, and
// the list read again when a machine's state changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent, RequestInput } from '../../shared';
import type { MachineView } from '../../shared/machines';
import { msg } from '../../shared/i18n/message';
import { addMachineInput } from '../../renderer/components/AddMachineForm';
import { fakeApi, machine } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

/** A promise the test settles by hand, to hold an answer until the test has looked at what is shown meanwhile. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const refused = msg('machines.link.sshFailed', { name: 'lab', error: 'Connection refused' });

function machines(): MachineView[] {
  return [
    machine('local'),
    machine('gpu', { hostname: 'gpu-box', version: '0.9.0' }),
    machine('lab', { url: 'ssh://me@lab.example:2222', state: 'disconnected', problem: refused }),
  ];
}

const stateEvent = (name: string, state: MachineView['state']): EngineEvent => ({
  type: 'machine_state', seq: 0, ts: '', sessionId: '', sessionRef: '', sessionName: null, promptId: null, promptRef: null,
  machine: name, state, problem: null,
});

async function openView(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Machines' }));
  const view = await screen.findByRole('region', { name: 'Machines' });
  expect(within(view).getByRole('heading', { name: 'Machines' })).toBeTruthy();
  return view;
}

const item = (view: HTMLElement, name: string) => within(within(view).getByRole('list', { name: 'Machines' })).getByRole('listitem', { name });

describe('Machines view', () => {
  it('lists each machine with its address, state, why it is disconnected, and what its engine said', async () => {
    renderPanel(fakeApi({ 'machines.list': () => ({ ok: true, value: machines() }) }));
    const view = await openView();
    const list = await within(view).findByRole('list', { name: 'Machines' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['local', 'gpu', 'lab']);

    const local = item(view, 'local');
    expect(local.textContent).toContain('connected');
    expect(local.textContent).not.toContain('ssh://');
    // This machine cannot be tested, reconnected or removed.
    expect(within(local).queryAllByRole('button')).toEqual([]);

    const gpu = item(view, 'gpu');
    expect(gpu.textContent).toContain('ssh://dev@gpu.example:22');
    expect(gpu.textContent).toContain('connected');
    expect(gpu.textContent).toContain('host gpu-box · Paragents 0.9.0');
    expect(within(gpu).queryByRole('button', { name: 'Reconnect' })).toBeNull();

    const lab = item(view, 'lab');
    expect(lab.textContent).toContain('ssh://me@lab.example:2222');
    expect(lab.textContent).toContain('disconnected');
    expect(lab.textContent).toContain('ssh could not connect to lab: Connection refused');
    expect(within(lab).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
  });

  it('Test shows the engine\'s one sentence in the machine\'s status line; Reconnect asks the hub', async () => {
    const answer = gate<void>();
    const fake = fakeApi({
      'machines.list': () => ({ ok: true, value: machines() }),
      'machines.test': async ({ name }) => {
        await answer.promise;
        return {
          ok: true,
          value: {
            name, reachable: true, reason: null, hello: null,
            msg: msg('machines.link.reachable', { name, version: '0.9.0', contract: 1, hostname: 'gpu-box', home: '/home/dev/.paragents' }),
          },
        };
      },
      'machines.reconnect': ({ name }) => ({ ok: true, value: { ...machine(name), state: 'connecting' } }),
    });
    renderPanel(fake);
    const view = await openView();
    const gpu = await waitFor(() => item(view, 'gpu'));
    await userEvent.click(within(gpu).getByRole('button', { name: 'Test' }));
    // While the test runs the line says so; the engine's sentence replaces it once it answers.
    await waitFor(() => expect(within(gpu).getByRole('status').textContent).toBe('testing gpu…'));
    answer.open();
    await waitFor(() =>
      expect(within(gpu).getByRole('status').textContent).toBe('gpu is reachable: Paragents 0.9.0 (contract 1) on gpu-box, data folder /home/dev/.paragents'),
    );
    expect(fake.calls.filter((c) => c.method === 'machines.test').map((c) => c.input)).toEqual([{ name: 'gpu' }]);

    await userEvent.click(within(item(view, 'lab')).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'machines.reconnect').map((c) => c.input)).toEqual([{ name: 'lab' }]));
  });

  it('Add sends the fields as typed (SSH options by line, empty optional fields left out), shows the engine\'s refusal, then clears and re-reads', async () => {
    let listed = machines();
    let refuse = true;
    const fake = fakeApi({
      'machines.list': () => ({ ok: true, value: listed }),
      'machines.add': (input) => {
        if (refuse) {
          refuse = false;
          const m = msg('machines.hub.noHub');
          return { ok: false, error: { kind: 'invalid_state', message: 'only the desktop app …', msg: m } };
        }
        listed = [...listed, machine(input.name, { url: input.url })];
        return { ok: true, value: listed };
      },
    });
    renderPanel(fake);
    const view = await openView();
    const form = within(view).getByRole('form', { name: 'Add a machine' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Name'), 'build');
    const url = within(form).getByLabelText('SSH address');
    expect(url.getAttribute('placeholder')).toBe('ssh://user@host:22');
    await user.type(url, 'ssh://ci@build.example:2200');
    expect(within(form).getByLabelText('Data folder on that machine')).toBeTruthy();
    expect(within(form).getByLabelText('Command').getAttribute('placeholder')).toBe('paragents');
    await user.type(within(form).getByLabelText('SSH options'), 'ServerAliveInterval=15{Enter}{Enter}  BatchMode=yes  {Enter}');
    await user.click(within(form).getByLabelText('Stop its engine when the app closes'));
    await user.click(within(form).getByRole('button', { name: 'Add machine' }));

    const wanted: RequestInput<'machines.add'> = {
      name: 'build', url: 'ssh://ci@build.example:2200', sshOptions: ['ServerAliveInterval=15', 'BatchMode=yes'], stopWhenAppCloses: true,
    };
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(
      'only the desktop app and `paragents serve` connect to remote machines: here, use `paragents remote test NAME`',
    ));
    expect(fake.calls.filter((c) => c.method === 'machines.add').map((c) => c.input)).toEqual([wanted]);
    // Refused: what was typed stays, to be mended.
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('build');

    const reads = fake.calls.filter((c) => c.method === 'machines.list').length;
    await user.click(within(form).getByRole('button', { name: 'Add machine' }));
    await waitFor(() => expect(item(view, 'build').textContent).toContain('ssh://ci@build.example:2200'));
    expect(fake.calls.filter((c) => c.method === 'machines.list').length).toBeGreaterThan(reads);
    expect(fake.calls.filter((c) => c.method === 'machines.add').map((c) => c.input)).toEqual([wanted, wanted]);
    expect(within(form).queryByRole('alert')).toBeNull();
    for (const label of ['Name', 'SSH address', 'SSH options']) expect((within(form).getByLabelText(label) as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Stop its engine when the app closes') as HTMLInputElement).checked).toBe(false);
  });

  it('builds the add input without the optional fields left empty', () => {
    expect(addMachineInput({ name: ' a ', url: 'ssh://a', dataDir: '  ', command: '', sshOptions: '\n \n', stopWhenAppCloses: false })).toEqual({ name: 'a', url: 'ssh://a' });
    expect(addMachineInput({ name: 'a', url: 'ssh://a', dataDir: '/srv/p', command: 'node /opt/p.js', sshOptions: 'A=1\r\nB=2', stopWhenAppCloses: false })).toEqual({
      name: 'a', url: 'ssh://a', dataDir: '/srv/p', command: 'node /opt/p.js', sshOptions: ['A=1', 'B=2'],
    });
  });

  it('Remove asks "Remove NAME?" inline: Cancel keeps the machine, Remove removes it and re-reads the list', async () => {
    let listed = machines();
    const fake = fakeApi({
      'machines.list': () => ({ ok: true, value: listed }),
      'machines.remove': ({ name }) => {
        listed = listed.filter((m) => m.name !== name);
        return { ok: true, value: listed };
      },
    });
    renderPanel(fake);
    const view = await openView();
    const lab = await waitFor(() => item(view, 'lab'));
    await userEvent.click(within(lab).getByRole('button', { name: 'Remove' }));
    const confirm = within(lab).getByRole('group', { name: 'Remove lab?' });
    expect(confirm.textContent).toContain('Remove lab?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(lab).queryByRole('group', { name: 'Remove lab?' })).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'machines.remove')).toEqual([]);

    await userEvent.click(within(lab).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(within(lab).getByRole('group', { name: 'Remove lab?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(within(view).getByRole('list', { name: 'Machines' })).queryByRole('listitem', { name: 'lab' })).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'machines.remove').map((c) => c.input)).toEqual([{ name: 'lab' }]);
  });

  it('reads the list again when a machine_state event arrives', async () => {
    let listed = machines();
    const fake = fakeApi({ 'machines.list': () => ({ ok: true, value: listed }) });
    renderPanel(fake);
    const view = await openView();
    await waitFor(() => expect(item(view, 'lab').textContent).toContain('disconnected'));
    const reads = fake.calls.filter((c) => c.method === 'machines.list').length;

    listed = listed.map((m) => (m.name === 'lab' ? { ...m, state: 'connected', problem: null, hostname: 'lab-1', version: '0.9.0' } : m));
    fake.emit(stateEvent('lab', 'connected'));
    await waitFor(() => expect(item(view, 'lab').textContent).toContain('host lab-1'));
    expect(fake.calls.filter((c) => c.method === 'machines.list').length).toBeGreaterThan(reads);
    expect(item(view, 'lab').textContent).not.toContain('Connection refused');
    expect(within(item(view, 'lab')).queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });
});
