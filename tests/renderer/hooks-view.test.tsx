// @vitest-environment jsdom
// The hooks view against a real engine (settings files, trust list and approvals file on disk): it lists each
// hook with its source and whether it runs, approves a project hook only after showing its command line, and
// withdraws the approval again.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEngine, type Engine } from '../../main/core/engine';
import { hookSettings, writeJson } from '../hooks/helpers';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { engineApi } from './helpers/engine-api';
import { renderPanel } from './helpers/render-panel';

let engine: Engine | null = null;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  await engine?.close();
  engine = null;
  cleanupTempDirs();
});

const CHECK = './scripts/check.sh --strict';

async function setUp(managed: Record<string, unknown> | null = null) {
  const home = makeHome('http://127.0.0.1:9/v1');
  const managedFile = join(home, 'managed-settings.json');
  if (managed) writeJson(managedFile, managed);
  const trusted = tempDir('paragents-trusted-');
  const other = tempDir('paragents-other-');
  writeJson(join(trusted, '.paragents', 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Bash', command: CHECK, timeout: 5 }] }));
  writeJson(join(other, '.paragents', 'settings.local.json'), hookSettings({ Stop: [{ command: 'make lint' }] }));
  writeJson(join(home, 'settings.json'), hookSettings({ PostToolUse: [{ command: 'true' }] }));
  engine = await createEngine({ home, env: { PATH: process.env.PATH, PARAGENTS_MANAGED_SETTINGS: managedFile }, approvals: 'all' });
  return { home, trusted, other, engine };
}

const rowOf = (table: HTMLElement, text: string): HTMLElement => {
  const row = within(table).getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
};
const cells = (row: HTMLElement): string[] => within(row).getAllByRole('cell').map((c) => c.textContent ?? '');

it('lists the hooks of the picked workspace and approves a project hook only after showing its command line', async () => {
  const { home, trusted, other, engine: e } = await setUp();
  unwrap(await e.handlers['workspace.trust']({ workspace: trusted, trusted: true }));
  unwrap(await e.handlers['session.create']({ workspace: trusted, name: 'checker' }));
  unwrap(await e.handlers['session.create']({ workspace: other, name: 'linter' }));
  const fake = engineApi(e);
  const { store } = renderPanel(fake);
  const user = userEvent.setup();
  await screen.findByRole('button', { name: /^checker/ });

  await user.click(screen.getByRole('button', { name: 'Hooks' }));
  const view = await screen.findByRole('region', { name: 'Hooks' });
  // Two workspaces are open: a picker chooses between them.
  const picker = within(view).getByLabelText('Workspace') as HTMLSelectElement;
  expect([...picker.options].map((o) => o.value).sort()).toEqual([trusted, other].sort());
  await user.selectOptions(picker, trusted);
  let table = await within(view).findByRole('table', { name: `Hooks of ${trusted}` });
  await waitFor(() => expect(cells(rowOf(table, CHECK))).toEqual(['PreToolUse', 'Bash', `${CHECK}timeout 5 s`, `project${join(trusted, '.paragents', 'settings.json')}`, 'waiting for your approval', 'Approve']));
  expect(cells(rowOf(table, 'PostToolUse'))).toEqual(['PostToolUse', 'any', 'truetimeout 60 s', `user${join(home, 'settings.json')}`, 'runs', '']);
  expect(within(view).getByRole('status').textContent).toBe('1 project hook waits for your approval.');

  // "Approve" shows the exact command line and records nothing yet; Cancel leaves it waiting.
  await user.click(within(rowOf(table, CHECK)).getByRole('button', { name: 'Approve' }));
  let dialog = within(view).getByRole('dialog', { name: 'Approve hook' });
  expect(dialog.querySelector('pre')?.textContent).toBe(CHECK);
  expect(dialog.textContent).toContain(`in ${trusted} at every PreToolUse it matches`);
  expect(existsSync(join(home, 'hook-approvals.json'))).toBe(false);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(within(view).queryByRole('dialog')).toBeNull();
  expect(unwrap(await e.handlers['hooks.list']({ workspace: trusted })).hooks[0]?.standing).toBe('needs_approval');

  await user.click(within(rowOf(table, CHECK)).getByRole('button', { name: 'Approve' }));
  dialog = within(view).getByRole('dialog', { name: 'Approve hook' });
  await user.click(within(dialog).getByRole('button', { name: 'Let it run' }));
  await waitFor(() => expect(cells(rowOf(table, CHECK)).slice(4)).toEqual(['runs', 'Withdraw approval']));
  expect(within(view).queryByRole('dialog')).toBeNull();
  expect(within(view).queryByRole('status')).toBeNull();
  expect(JSON.parse(readFileSync(join(home, 'hook-approvals.json'), 'utf8'))).toEqual({ workspaces: { [trusted]: [CHECK] } });
  expect(fake.calls.filter((c) => c.method === 'hooks.approve').map((c) => c.input)).toEqual([{ workspace: trusted, commands: [CHECK], approved: true }]);

  // Withdrawn: it waits again.
  await user.click(within(rowOf(table, CHECK)).getByRole('button', { name: 'Withdraw approval' }));
  await waitFor(() => expect(cells(rowOf(table, CHECK)).slice(4)).toEqual(['waiting for your approval', 'Approve']));
  expect(unwrap(await e.handlers['hooks.list']({ workspace: trusted })).hooks[0]?.standing).toBe('needs_approval');

  // The untrusted workspace: its project-local hook does not run and cannot be approved here; the notice leads
  // to the Permissions view, where workspaces are trusted.
  await user.selectOptions(picker, other);
  table = await within(view).findByRole('table', { name: `Hooks of ${other}` });
  await waitFor(() => expect(cells(rowOf(table, 'make lint'))).toEqual(['Stop', '—', 'make linttimeout 60 s', `project-local${join(other, '.paragents', 'settings.local.json')}`, 'workspace not trusted', '']));
  expect(view.textContent).toContain('This workspace is not trusted');
  await user.click(within(view).getByRole('button', { name: 'Open Permissions' }));
  expect(store.getState().ui.overlay).toBe('permissions');
  await screen.findByRole('region', { name: 'Permissions' });
  expect(screen.queryByRole('region', { name: 'Hooks' })).toBeNull();
});

it('without a session it lists the user and managed hooks, and says which ones managed settings turn off', async () => {
  const { home } = await setUp({ allowManagedHooksOnly: true, ...hookSettings({ SessionStart: [{ command: 'audit-start' }] }) });
  // A hook entry that cannot be used is left out and listed as a problem of its file.
  writeJson(join(home, 'settings.json'), hookSettings({ PostToolUse: [{ command: 'true' }], PreToolUse: [{ matcher: 'Bash(', command: 'x' }] }));
  renderPanel(engineApi(engine!));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Hooks' }));
  const view = await screen.findByRole('region', { name: 'Hooks' });
  expect(view.textContent).toContain('No session is open');
  expect(within(view).queryByLabelText('Workspace')).toBeNull();
  const table = await within(view).findByRole('table', { name: 'User and managed hooks' });
  expect(cells(rowOf(table, 'audit-start')).slice(0, 1).concat(cells(rowOf(table, 'audit-start')).slice(4))).toEqual(['SessionStart', 'runs', '']);
  expect(cells(rowOf(table, 'PostToolUse')).slice(4)).toEqual(['off: managed settings allow only their own hooks', '']);
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(within(view).getByRole('heading', { name: 'Settings problems' })).toBeTruthy();
  expect(view.textContent).toContain(`${join(home, 'settings.json')}: hooks.PreToolUse[0].matcher: "Bash(" is not a valid regular expression`);
});

it('marks an approved project hook of a workspace whose commands run in the sandbox, and no user hook', async () => {
  const { trusted, engine: e } = await setUp();
  writeJson(join(trusted, '.paragents', 'settings.json'), { sandbox: { enabled: true }, ...hookSettings({ PreToolUse: [{ matcher: 'Bash', command: CHECK, timeout: 5 }] }) });
  unwrap(await e.handlers['workspace.trust']({ workspace: trusted, trusted: true }));
  unwrap(await e.handlers['hooks.approve']({ workspace: trusted, approved: true }));
  unwrap(await e.handlers['session.create']({ workspace: trusted, name: 'checker' }));
  renderPanel(engineApi(e));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Hooks/ }));
  const view = await screen.findByRole('region', { name: 'Hooks' });
  const table = await within(view).findByRole('table', { name: `Hooks of ${trusted}` });
  await waitFor(() => expect(cells(rowOf(table, CHECK)).slice(4)).toEqual(['runsin the sandbox', 'Withdraw approval']));
  expect(within(rowOf(table, CHECK)).getByTitle(/Runs confined by the OS sandbox/).textContent).toBe('in the sandbox');
  expect(cells(rowOf(table, 'PostToolUse')).slice(4)).toEqual(['runs', '']);
});
