// The sandbox in the panel, end to end in real Chromium: real engine with the sandbox on (real bubblewrap), browser
// host, scripted model over HTTP. A Bash call that writes outside its workspace runs without a card under
// --approve never and is refused by the OS; the session header marks it sandboxed; its card carries the mark and
// lists the refused write; the Sandbox view says the sandbox runs, how it approves, what the session may write, and
// counts the refusal.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { haveChromium, screenshotDir } from './harness';
import { useE2EPanel } from './panel-fixture';

const SHOTS = screenshotDir();

describe.skipIf(!haveChromium())('sandbox in Chromium', () => {
  const fx = useE2EPanel({
    name: 'sandbox',
    script: () => ({
      models: ['scripted-model'],
      rules: [{ when: 'escape', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `echo x > ${outside()}/out.txt` } }] }, { content: 'Tried.' }] }],
    }),
    homeFiles: { 'settings.json': { sandbox: { enabled: true } } },
    prepare: () => {
      mkdirSync(ws());
      mkdirSync(outside());
    },
    approvals: 'never',
    env: { PATH: process.env.PATH },
  });
  const ws = () => join(fx.dir, 'boxed');
  const outside = () => join(fx.dir, 'outside');

  it('marks the refused write on the call and counts it in the Sandbox view', async () => {
    const { engine, page, panel } = fx;
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws(), name: 'boxed' }));
    await page.goto(panel.web.url);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^boxed/ }).click();
    // The session header says its commands are sandboxed.
    const header = page.getByRole('status', { name: 'Sandboxed', exact: true });
    await header.waitFor();
    expect(await header.getAttribute('title')).toBe('Shell commands of this session run in the OS sandbox');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'escape' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(existsSync(join(outside(), 'out.txt'))).toBe(false);

    const mark = page.getByText('sandbox refused 1');
    await mark.waitFor();
    await mark.click();
    const refusals = page.getByRole('list', { name: 'Refused by the sandbox' });
    expect(await refusals.getByRole('listitem').allInnerTexts()).toEqual([`a write to ${outside()}/out.txt`]);

    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Sandbox', exact: true }).click();
    const view = page.getByRole('region', { name: 'Sandbox', exact: true });
    await expect.poll(async () => view.innerText()).toContain('They run confined. 1 refusal so far.');
    const text = await view.innerText();
    expect(text).toContain('Shell commands can be confined here (linux).');
    expect(text).toContain('On (user settings). Auto-allow: a confined command that asks only because of the mode runs without a card.');
    expect(await view.getByRole('list', { name: 'May write' }).getByRole('listitem').allInnerTexts()).toContain(ws());
    await page.screenshot({ path: join(SHOTS, 'sandbox-view.png') });
  });
});
