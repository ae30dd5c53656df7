// A confined command's connection to an unlisted host, answered in the panel (real Chromium, real engine with the
// sandbox on, real bubblewrap, a real HTTP server): the card reads "network access to HOST:PORT" with the command,
// offers "always", and "Allow once" lets the request through.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { probeSandbox } from '../../main/core/sandbox/availability';
import { haveChromium, screenshotDir } from './harness';
import { useE2EPanel } from './panel-fixture';

const SHOTS = screenshotDir();
// A documentation address put on the loopback device (as root): an outside address to the sandbox, served here.
const ADDRESS = '198.51.100.24';
let server: Server;
let port = 0;
const hits: string[] = [];
let aliasAdded = false;
let cannot: string | null = probeSandbox(process.env).available ? null : 'the sandbox cannot run here';

beforeAll(async () => {
  if (cannot) return;
  try {
    execFileSync('ip', ['addr', 'add', `${ADDRESS}/32`, 'dev', 'lo'], { stdio: 'pipe' });
    aliasAdded = true;
  } catch (e) {
    const said = String((e as { stderr?: Buffer }).stderr ?? e);
    if (!said.includes('File exists')) cannot = `cannot add ${ADDRESS} to lo: ${said.trim()}`;
  }
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('reached\n');
  });
  await new Promise<void>((resolve) => server.listen(0, ADDRESS, resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (aliasAdded) execFileSync('ip', ['addr', 'del', `${ADDRESS}/32`, 'dev', 'lo']);
});

describe.skipIf(!haveChromium())('a network card in Chromium', () => {
  const fx = useE2EPanel({
    name: 'network-card',
    script: () => ({
      models: ['scripted-model'],
      rules: [{ when: 'fetch', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `curl -sS --fail http://${ADDRESS}:${port}/panel` } }] }, { content: 'Fetched.' }] }],
    }),
    homeFiles: { 'settings.json': { sandbox: { enabled: true } } },
    prepare: () => mkdirSync(join(fx.dir, 'net')),
    approvals: 'ask',
    env: { PATH: process.env.PATH },
  });

  it('shows the host and the command, and "Allow once" lets the request reach it', async (t) => {
    if (cannot) return t.skip(cannot);
    const { engine, page, panel } = fx;
    const s = unwrap(await engine.handlers['session.create']({ workspace: join(fx.dir, 'net'), name: 'net' }));
    await page.goto(panel.web.url);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^net/ }).click();
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    const card = page.getByRole('dialog').filter({ hasText: `network access to ${ADDRESS}:${port}` });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Network');
    expect(text).toContain(`${ADDRESS}:${port}`);
    expect(text).toContain(`$ curl -sS --fail http://${ADDRESS}:${port}/panel`);
    expect(await card.getByRole('button', { name: /always/i }).count()).toBeGreaterThan(0);
    expect(hits).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'network-card.png') });
    await card.getByRole('button', { name: 'Allow once', exact: true }).click();
    expect(await settled(engine, p.id)).toBe('completed');
    expect(hits).toEqual(['/panel']);
  });
});
