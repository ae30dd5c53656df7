// A confined command's connection to an unlisted host, answered in the panel (real Chromium, real engine with the
// sandbox on, real bubblewrap, a real HTTP server): the card reads "network access to HOST:PORT" with the command,
// offers "always", and "Allow once" lets the request through.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { useOutsideServer } from '../helpers/outside-server';
import { haveChromium, screenshotDir } from './harness';
import { useE2EPanel } from './panel-fixture';

const SHOTS = screenshotDir();
const out = useOutsideServer('198.51.100.24', 'reached\n');
const ADDRESS = out.address;

describe.skipIf(!haveChromium())('a network card in Chromium', () => {
  const fx = useE2EPanel({
    name: 'network-card',
    script: () => ({
      models: ['scripted-model'],
      rules: [{ when: 'fetch', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `curl -sS --fail http://${ADDRESS}:${out.port}/panel` } }] }, { content: 'Fetched.' }] }],
    }),
    homeFiles: { 'settings.json': { sandbox: { enabled: true } } },
    prepare: () => mkdirSync(join(fx.dir, 'net')),
    approvals: 'ask',
    env: { PATH: process.env.PATH },
  });

  it('shows the host and the command, and "Allow once" lets the request reach it', async (t) => {
    if (out.cannot) return t.skip(out.cannot);
    const { engine, page, panel } = fx;
    const s = unwrap(await engine.handlers['session.create']({ workspace: join(fx.dir, 'net'), name: 'net' }));
    await page.goto(panel.web.url);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^net/ }).click();
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    const card = page.getByRole('dialog').filter({ hasText: `network access to ${ADDRESS}:${out.port}` });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Network');
    expect(text).toContain(`${ADDRESS}:${out.port}`);
    expect(text).toContain(`$ curl -sS --fail http://${ADDRESS}:${out.port}/panel`);
    expect(await card.getByRole('button', { name: /always/i }).count()).toBeGreaterThan(0);
    expect(out.hits).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'network-card.png') });
    await card.getByRole('button', { name: 'Allow once', exact: true }).click();
    expect(await settled(engine, p.id)).toBe('completed');
    expect(out.hits).toEqual(['/panel']);
  });
});
