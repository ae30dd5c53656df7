// The sandbox in the panel, end to end in real Chromium: real engine with the sandbox on (real bubblewrap), browser
// host, scripted model over HTTP. A Bash call that writes outside its workspace runs without a card under
// --approve never and is refused by the OS; its card carries the mark and lists the refused write; the Sandbox
// view says the sandbox runs, how it approves, what the session may write, and counts the refusal.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../main/core/engine/types';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { settled, unwrap } from '../helpers/engine';
import { buildRenderer, CHROMIUM, haveChromium, openPanel, screenshotDir, writeModelConfig, type OpenPanel } from './harness';

const SHOTS = screenshotDir();

if (!haveChromium() && process.env.CI) {
  throw new Error(`${CHROMIUM} is missing on CI: install it with \`apt-get install -y chromium\` (the e2e test must not be skipped there)`);
}

describe.skipIf(!haveChromium())('sandbox in Chromium', () => {
  let dir: string;
  let ws: string;
  let outside: string;
  let model: ModelServer;
  let engine: Engine;
  let panel: OpenPanel;
  let page: Page;

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'paragents-e2e-sandbox-')));
    ws = join(dir, 'boxed');
    outside = join(dir, 'outside');
    mkdirSync(ws);
    mkdirSync(outside);
    const staticDir = join(dir, 'renderer');
    await buildRenderer(staticDir);
    model = await startModelServer({
      script: {
        models: ['scripted-model'],
        rules: [{ when: 'escape', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `echo x > ${outside}/out.txt` } }] }, { content: 'Tried.' }] }],
      },
    });
    const home = join(dir, 'home');
    writeModelConfig(home, model.url);
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox: { enabled: true } }));
    panel = await openPanel({ home, staticDir, approvals: 'never', env: { PATH: process.env.PATH } });
    ({ engine, page } = panel);
  }, 60_000);

  afterAll(async () => {
    await panel?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('marks the refused write on the call and counts it in the Sandbox view', async () => {
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'boxed' }));
    await page.goto(panel.web.url);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^boxed/ }).click();
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'escape' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(existsSync(join(outside, 'out.txt'))).toBe(false);

    const mark = page.getByText('sandbox refused 1');
    await mark.waitFor();
    await mark.click();
    const refusals = page.getByRole('list', { name: 'Refused by the sandbox' });
    expect(await refusals.getByRole('listitem').allInnerTexts()).toEqual([`a write to ${outside}/out.txt`]);

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Sandbox', exact: true }).click();
    const view = page.getByRole('region', { name: 'Sandbox', exact: true });
    await expect.poll(async () => view.innerText()).toContain('They run confined. 1 refusal so far.');
    const text = await view.innerText();
    expect(text).toContain('Shell commands can be confined here (linux).');
    expect(text).toContain('On (user settings). Auto-allow: a confined command that asks only because of the mode runs without a card.');
    expect(await view.getByRole('list', { name: 'May write' }).getByRole('listitem').allInnerTexts()).toContain(ws);
    await page.screenshot({ path: join(SHOTS, 'sandbox-view.png') });
  });
});
