// The panel in Chromium with a second machine behind a real OpenSSH server on loopback: the machine added in the
// Machines view, a session made there from "New session", its turn's events shown under the machine's group with
// the machine's badge, its approval card saying which machine and answered here, and the machine greyed when the
// connection is lost.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_DIR } from '../../main/cli/renderer-build';
import { createEngine, type Engine } from '../../main/core/engine';
import { createHub, type Hub } from '../../main/hub/hub';
import { createMachineLink } from '../../main/remote/machine-link';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import { BIN } from '../helpers/cli';
import { REMOTE_SCRIPT } from '../helpers/remote-script';
import { sshdAvailable, startSshd, type Sshd } from '../helpers/sshd';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { haveChromium, launchChromium, requireChromiumOnCI, screenshotDir, writeModelConfig } from './harness';

const SHOTS = screenshotDir();

describe.skipIf(!haveChromium() || !sshdAvailable())('a remote machine in the panel (Chromium, real sshd)', () => {
  requireChromiumOnCI();
  let dir: string;
  let sshd: Sshd;
  let model: ModelServer;
  let engine: Engine;
  let hub: Hub;
  let web: WebHost;
  let browser: Browser;
  let page: Page;
  let remoteHome: string;
  let remoteWs: string;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'paragents-e2e-machines-')));
    const localHome = join(dir, 'home');
    remoteHome = join(dir, 'remote-home');
    remoteWs = join(dir, 'remote-work');
    mkdirSync(remoteWs);
    model = await startModelServer({ script: REMOTE_SCRIPT });
    writeModelConfig(localHome, model.url);
    writeModelConfig(remoteHome, model.url);
    sshd = await startSshd();
    engine = await createEngine({ home: localHome, env: {}, approvals: 'ask' });
    // A long backoff: the machine stays disconnected once its connection is killed, so the panel's grey is seen.
    hub = createHub({ local: engine, home: localHome, link: (remote) => createMachineLink(remote, { backoffMs: [600_000] }) });
    web = await startWebHost({ engine: hub, staticDir: RENDERER_DIR, port: 0 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    page.on('pageerror', (error) => console.error('[page error]', error.message));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await hub?.close();
    await engine?.close();
    try {
      execFileSync('pkill', ['-f', `engine --stdio --data-dir ${remoteHome}`]);
    } catch {
      // None left.
    }
    await sshd?.stop();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const sessions = () => page.getByRole('list', { name: 'Sessions' });

  it('adds the machine in the Machines view and shows it connected', async () => {
    await page.goto(web.url);
    await page.getByRole('button', { name: 'Machines', exact: true }).click();
    const form = page.getByRole('form', { name: 'Add a machine' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('box');
    await form.getByRole('textbox', { name: 'SSH address' }).fill(sshd.url);
    await form.getByRole('textbox', { name: 'Data folder on that machine' }).fill(remoteHome);
    await form.getByRole('textbox', { name: 'Command', exact: true }).fill(`${process.execPath} ${BIN}`);
    await form.getByRole('textbox', { name: 'SSH options' }).fill(sshd.sshOptions.join('\n'));
    await form.getByRole('button', { name: 'Add machine' }).click();
    const item = page.getByRole('listitem', { name: 'box' });
    await item.getByText('connected', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await item.innerText()).toContain(sshd.url);
    await page.screenshot({ path: join(SHOTS, 'machines-view.png') });
    // The machine is in config.json, as `paragents remote add` would have written it.
    const config = JSON.parse(readFileSync(join(dir, 'home', 'config.json'), 'utf8')) as { remotes?: { name: string; dataDir?: string }[] };
    expect(config.remotes?.map((r) => [r.name, r.dataDir])).toEqual([['box', remoteHome]]);
    await page.keyboard.press('Escape');
  });

  it('makes a session on the machine, runs its turn there and shows it under the machine, approval answered here', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByRole('combobox', { name: 'Machine' }).selectOption('box');
    await form.getByRole('textbox', { name: 'Workspace', exact: true }).fill(remoteWs);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('far');
    await form.getByRole('textbox', { name: 'First message' }).fill('write the remote report');
    await form.getByRole('button', { name: 'Create', exact: true }).click();

    // The session is listed in the machine's group, with the machine's badge.
    const group = sessions().getByRole('group', { name: 'box' });
    const row = group.getByRole('button', { name: /^far/ });
    await row.waitFor({ timeout: 30_000 });
    expect(await group.locator('.machine-badge').first().innerText()).toBe('box');
    expect(await sessions().getByRole('group', { name: 'local' }).getByRole('button', { name: /^far/ }).count()).toBe(0);

    // The remote engine asks; the card says which machine, and the answer given here reaches it.
    const card = page.getByRole('dialog', { name: 'Approval required' });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.innerText()).toContain('on box');
    await card.getByRole('button', { name: 'Allow once', exact: true }).click();
    await row.click();
    await page.getByRole('region', { name: 'Transcript', exact: true }).getByText('remote report written').waitFor({ timeout: 30_000 });
    expect(readFileSync(join(remoteWs, 'remote.md'), 'utf8')).toBe('# remote\n');
    await page.screenshot({ path: join(SHOTS, 'machines-session.png') });
  });

  it('greys the machine’s sessions when the connection is lost, and brings them back on Reconnect', async () => {
    const ssh = execFileSync('pgrep', ['-P', String(process.pid), '-x', 'ssh'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    expect(ssh).toHaveLength(1);
    process.kill(Number(ssh[0]), 'SIGKILL');
    const group = sessions().getByRole('group', { name: 'box' });
    await group.getByRole('heading', { name: 'box · disconnected' }).waitFor({ timeout: 30_000 });
    // Greyed, not removed: the row is still there, described by the machine's state.
    const row = group.getByRole('button', { name: /^far/ });
    expect(await row.count()).toBe(1);
    await expect.poll(() => row.getAttribute('aria-describedby')).not.toBeNull();
    await group.getByRole('button', { name: 'Reconnect', exact: true }).click();
    await group.getByRole('heading', { name: 'box · connected' }).waitFor({ timeout: 30_000 });
    expect(await group.getByRole('button', { name: /^far/ }).count()).toBe(1);
  });
});
