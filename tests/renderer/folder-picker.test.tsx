// @vitest-environment jsdom
// The new-session form's machine and folder picker: a Machine select when remote machines are configured (a
// disconnected one listed but not pickable), Browse… walking that machine's folders with fs.list, and the create
// call naming the machine; for this machine the same picker without a machine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestInput, Result } from '../../shared';
import type { FsListing } from '../../shared/engine-requests';
import { msg } from '../../shared/i18n/message';
import { childPath } from '../../renderer/components/FolderPicker';
import { fakeApi, machine, summary, type FakeApi } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const folder = (name: string) => ({ name, kind: 'folder' as const });
const file = (name: string) => ({ name, kind: 'file' as const });

/** The folders of a machine by absolute path; the home folder answers a request without a path. */
function folders(home: string, tree: Record<string, Omit<FsListing, 'path'>>) {
  return (input: RequestInput<'fs.list'>): Result<FsListing> => {
    const path = input.path ?? home;
    const listing = tree[path];
    if (listing) return { ok: true, value: { path, ...listing } };
    const m = msg('machines.process.cannotList', { path, error: 'EACCES: permission denied' });
    return { ok: false, error: { kind: 'invalid_input', message: 'cannot list', msg: m } };
  };
}

const gpuTree = folders('/home/dev', {
  '/home/dev': { parent: '/home', entries: [folder('locked'), folder('projects'), file('notes.txt')], truncated: false },
  '/home/dev/projects': { parent: '/home/dev', entries: [folder('app')], truncated: true },
  '/home/dev/projects/app': { parent: '/home/dev/projects', entries: [], truncated: false },
});

const fsCalls = (fake: FakeApi) => fake.calls.filter((c) => c.method === 'fs.list').map((c) => c.input);

async function openForm(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'New session' }));
  return screen.getByRole('form', { name: 'Create session' });
}

describe('new session on a machine', () => {
  it('picks a remote machine, walks its folders and creates the session there', async () => {
    const fake = fakeApi({
      'machines.list': () => ({ ok: true, value: [machine('local'), machine('gpu'), machine('lab', { state: 'disconnected' })] }),
      'fs.list': gpuTree,
      'session.create': (input) => ({ ok: true, value: summary('s-new', 'eee555', input.workspace, { machine: input.machine }) }),
    });
    const { store } = renderPanel(fake);
    await waitFor(() => expect(store.getState().domain.machineOrder).toEqual(['local', 'gpu', 'lab']));
    const form = await openForm();
    const select = within(form).getByLabelText('Machine') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.textContent, o.disabled])).toEqual([['local', false], ['gpu', false], ['lab (disconnected)', true]]);

    const user = userEvent.setup();
    await user.selectOptions(select, 'gpu');
    await user.click(within(form).getByRole('button', { name: 'Browse…' }));
    const picker = within(form).getByRole('region', { name: 'Choose a folder' });
    await waitFor(() => expect(within(picker).getByLabelText('Folder').textContent).toBe('/home/dev'));
    expect(fsCalls(fake)).toEqual([{ machine: 'gpu' }]);
    // Files are shown for orientation, never picked.
    expect(within(picker).getByText('notes.txt').closest('button')).toBeNull();
    expect(within(picker).queryByRole('button', { name: 'notes.txt' })).toBeNull();

    await user.click(within(picker).getByRole('button', { name: 'locked' }));
    await waitFor(() => expect(within(picker).getByRole('alert').textContent).toBe('cannot list /home/dev/locked: EACCES: permission denied'));
    expect(within(picker).getByLabelText('Folder').textContent).toBe('/home/dev');

    await user.click(within(picker).getByRole('button', { name: 'projects' }));
    await waitFor(() => expect(within(picker).getByLabelText('Folder').textContent).toBe('/home/dev/projects'));
    expect(within(picker).queryByRole('alert')).toBeNull();
    expect(picker.textContent).toContain('This folder has more entries than are listed here.');
    await user.click(within(picker).getByRole('button', { name: 'Parent folder' }));
    await waitFor(() => expect(within(picker).getByLabelText('Folder').textContent).toBe('/home/dev'));
    expect(picker.textContent).not.toContain('more entries');
    await user.click(within(picker).getByRole('button', { name: 'projects' }));
    await user.click(await within(picker).findByRole('button', { name: 'app' }));
    await waitFor(() => expect(picker.textContent).toContain('This folder is empty.'));
    expect(fsCalls(fake).slice(1)).toEqual([
      { machine: 'gpu', path: '/home/dev/locked' },
      { machine: 'gpu', path: '/home/dev/projects' },
      { machine: 'gpu', path: '/home/dev' },
      { machine: 'gpu', path: '/home/dev/projects' },
      { machine: 'gpu', path: '/home/dev/projects/app' },
    ]);

    await user.click(within(picker).getByRole('button', { name: 'Use this folder' }));
    expect((within(form).getByLabelText('Workspace') as HTMLInputElement).value).toBe('/home/dev/projects/app');
    expect(within(form).queryByRole('region', { name: 'Choose a folder' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'session.create').map((c) => c.input)).toEqual([{ workspace: '/home/dev/projects/app', machine: 'gpu' }]));
    // A remote path is not this machine's last workspace.
    expect(store.getState().ui.lastWorkspace).toBeNull();
  });

  it('shows only the answer to the latest click when an earlier folder answers late', async () => {
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    let lateReturned!: () => void;
    const returned = new Promise<void>((resolve) => (lateReturned = resolve));
    const fake = fakeApi({
      'machines.list': () => ({ ok: true, value: [machine('local'), machine('gpu')] }),
      'fs.list': async (input) => {
        if (input.path !== '/home/dev/locked') return gpuTree(input);
        await slow;
        lateReturned();
        return { ok: true, value: { path: '/home/dev/locked', parent: '/home/dev', entries: [folder('late')], truncated: false } };
      },
    });
    const { store } = renderPanel(fake);
    await waitFor(() => expect(store.getState().domain.machineOrder).toEqual(['local', 'gpu']));
    const form = await openForm();
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Machine'), 'gpu');
    await user.click(within(form).getByRole('button', { name: 'Browse…' }));
    const picker = within(form).getByRole('region', { name: 'Choose a folder' });
    await user.click(await within(picker).findByRole('button', { name: 'locked' }));
    await user.click(within(picker).getByRole('button', { name: 'projects' }));
    await waitFor(() => expect(within(picker).getByLabelText('Folder').textContent).toBe('/home/dev/projects'));
    releaseSlow();
    await returned;
    // The late answer reaches the picker in the microtasks after its handler returns; one task later it has landed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fsCalls(fake).map((c) => (c as { path?: string }).path)).toEqual([undefined, '/home/dev/locked', '/home/dev/projects']);
    expect(within(picker).getByLabelText('Folder').textContent).toBe('/home/dev/projects');
    expect(within(picker).queryByRole('button', { name: 'late' })).toBeNull();
  });

  it('on this machine: no Machine select without remote machines, the picker lists this machine\'s folders and create names no machine', async () => {
    const fake = fakeApi({
      'fs.list': folders('/Users/me', { '/Users/me': { parent: '/Users', entries: [folder('code')], truncated: false }, '/Users/me/code': { parent: '/Users/me', entries: [], truncated: false } }),
      'session.create': (input) => ({ ok: true, value: summary('s-new', 'eee555', input.workspace) }),
    });
    const { store } = renderPanel(fake);
    await waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
    const form = await openForm();
    expect(within(form).queryByLabelText('Machine')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Browse…' }));
    const picker = within(form).getByRole('region', { name: 'Choose a folder' });
    await user.click(await within(picker).findByRole('button', { name: 'code' }));
    await waitFor(() => expect(within(picker).getByLabelText('Folder').textContent).toBe('/Users/me/code'));
    await user.click(within(picker).getByRole('button', { name: 'Use this folder' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === 'session.create').map((c) => c.input)).toEqual([{ workspace: '/Users/me/code' }]));
    expect(fsCalls(fake)).toEqual([{}, { path: '/Users/me/code' }]);
    expect(store.getState().ui.lastWorkspace).toBe('/Users/me/code');
  });

  it('goes on in the separator of the listed path', () => {
    expect(childPath('/home/dev', 'app')).toBe('/home/dev/app');
    expect(childPath('/', 'etc')).toBe('/etc');
    expect(childPath('C:\\Users\\me', 'code')).toBe('C:\\Users\\me\\code');
    expect(childPath('C:\\', 'work')).toBe('C:\\work');
  });
});
