// @vitest-environment jsdom
// Where people meet the sandbox, against a real engine (settings files on disk, the real probe): the setup view's
// checkbox is checked where the sandbox can run and Save writes it to the user settings; where bubblewrap is
// missing it is disabled and says what is missing and the install command. The session header marks whether the
// session's commands are sandboxed, and the Sandbox view's button turns it on, which the header follows.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEngine, type Engine } from '../../main/core/engine';
import { onPath } from '../../main/core/sandbox/availability';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { engineApi } from './helpers/engine-api';
import { renderFocused, renderPanel } from './helpers/render-panel';

let engine: Engine | null = null;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  await engine?.close();
  engine = null;
  cleanupTempDirs();
});

const OFFER = 'Run shell commands in the sandbox (recommended)';
const MISSING = 'The sandbox needs bwrap, which this machine does not have: install with `sudo apt-get install -y bubblewrap`.';

/** A PATH with the sandbox's programs except bubblewrap. */
function pathWithoutBwrap(): string {
  const dir = tempDir('paragents-path-');
  for (const p of ['node', 'socat', 'rg']) symlinkSync(onPath(p, process.env) as string, join(dir, p));
  return dir;
}

async function open(opts: { bwrap: boolean; sandbox?: Record<string, unknown> }) {
  const home = makeHome('http://127.0.0.1:9/v1');
  if (opts.sandbox) writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox: opts.sandbox }));
  engine = await createEngine({ home, env: { PATH: opts.bwrap ? process.env.PATH : pathWithoutBwrap() }, approvals: 'all' });
  return { home, engine };
}

async function openSetup() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Setup' }));
  const setup = await screen.findByRole('region', { name: 'Setup' });
  return { user, setup, box: (await within(setup).findByRole('checkbox', { name: OFFER })) as HTMLInputElement };
}

it('setup offers the sandbox checked where it can run, and Save turns it on in the user settings', async () => {
  const { home, engine: e } = await open({ bwrap: true });
  renderPanel(engineApi(e));
  const { user, setup, box } = await openSetup();
  await waitFor(() => expect(box.checked).toBe(true));
  expect(box.disabled).toBe(false);
  await user.type(within(setup).getByLabelText('Model'), 'm1');
  await user.click(within(setup).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Setup' })).toBeNull());
  expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'))).toEqual({ sandbox: { enabled: true } });
});

it('setup leaves the sandbox off when the box is cleared', async () => {
  const { home, engine: e } = await open({ bwrap: true });
  renderPanel(engineApi(e));
  const { user, setup, box } = await openSetup();
  await waitFor(() => expect(box.checked).toBe(true));
  await user.click(box);
  await user.type(within(setup).getByLabelText('Model'), 'm1');
  await user.click(within(setup).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Setup' })).toBeNull());
  expect(existsSync(join(home, 'settings.json'))).toBe(false);
});

it('setup disables the offer where bubblewrap is missing, saying what is missing and how to install it', async () => {
  const { home, engine: e } = await open({ bwrap: false });
  renderPanel(engineApi(e));
  const { user, setup, box } = await openSetup();
  expect(box.checked).toBe(false);
  expect(box.disabled).toBe(true);
  const why = document.getElementById(box.getAttribute('aria-describedby') ?? '');
  expect(why?.textContent).toBe(MISSING);
  await user.type(within(setup).getByLabelText('Model'), 'm1');
  await user.click(within(setup).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Setup' })).toBeNull());
  expect(existsSync(join(home, 'settings.json'))).toBe(false);
});

it('the header marks the session not sandboxed, and sandboxed once the Sandbox view turns it on', async () => {
  const { home, engine: e } = await open({ bwrap: true });
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir('paragents-ws-'), name: 'builder' }));
  const { container } = await renderFocused(engineApi(e), s.id);
  const header = () => container.querySelector('.pane-header') as HTMLElement;
  const off = await waitFor(() => within(header()).getByRole('status', { name: 'Not sandboxed' }));
  expect(off.title).toBe('The sandbox is off (the default): shell commands take the normal permission flow');

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Sandbox' }));
  const view = await screen.findByRole('region', { name: 'Sandbox' });
  await user.click(await within(view).findByRole('button', { name: 'Turn the sandbox on' }));
  const on = await waitFor(() => within(header()).getByRole('status', { name: 'Sandboxed' }));
  expect(on.title).toBe('Shell commands of this session run in the OS sandbox');
  expect(JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'))).toEqual({ sandbox: { enabled: true } });
  // The view follows too: it now offers to turn it off.
  await within(view).findByRole('button', { name: 'Turn the sandbox off' });
});

it('the header says why a session is not sandboxed when the sandbox is on but cannot run', async () => {
  const { engine: e } = await open({ bwrap: false, sandbox: { enabled: true } });
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir('paragents-ws-') }));
  const { container } = await renderFocused(engineApi(e), s.id);
  const mark = await waitFor(() => within(container.querySelector('.pane-header') as HTMLElement).getByRole('status', { name: 'Not sandboxed' }));
  expect(mark.title).toBe(`The sandbox is on but cannot run here, so shell commands take the normal permission flow: ${MISSING}`);
});
