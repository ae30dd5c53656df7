// The panel end to end in real Chromium: real engine, browser host, scripted model server over HTTP.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../main/core/engine';
import type { Engine } from '../../main/core/engine/types';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import { startModelServer, type ModelServer } from '../fixtures/model-server';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHOTS = join(ROOT, 'docs', 'screenshots');
const haveChromium = existsSync(CHROMIUM);

if (!haveChromium && process.env.CI) {
  throw new Error(`${CHROMIUM} is missing on CI: install it with \`apt-get install -y chromium\` (the e2e test must not be skipped there)`);
}
if (!haveChromium) {
  console.warn(`[panel.e2e] skipped: ${CHROMIUM} not found (apt-get install -y chromium to run it)`);
}

const STORY = 'Parallel agents need a panel where nothing important is missed. '.repeat(16);

describe.skipIf(!haveChromium)('panel in Chromium', () => {
  let dir: string;
  let model: ModelServer;
  let engine: Engine;
  let web: WebHost;
  let browser: Browser;
  let page: Page;
  const ws = (name: string) => join(dir, name);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paragents-e2e-'));
    for (const name of ['alpha', 'beta', 'gamma']) mkdirSync(ws(name));
    const staticDir = join(dir, 'renderer');
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir: staticDir } });
    model = await startModelServer({
      script: {
        latencyMs: 400,
        tokensPerSecond: 50,
        chunkSize: 6,
        models: ['scripted-model'],
        rules: [
          { when: 'alpha:', steps: [{ content: `## Notes\n\n${STORY}\n\n\`\`\`ts\nconst sessions = 3;\n\`\`\`` }] },
          {
            when: 'beta:',
            steps: [
              { content: 'Creating the file.', toolCalls: [{ name: 'Bash', arguments: { command: 'echo beta > beta.txt' } }] },
              { content: 'Created beta.txt.' },
            ],
          },
          {
            when: 'gamma:',
            steps: [
              { content: 'Writing the file.', toolCalls: [{ name: 'Write', arguments: { path: 'gamma.txt', content: 'gamma\n' } }] },
              { content: 'Understood, I did not write gamma.txt.' },
            ],
          },
        ],
      },
    });
    const home = join(dir, 'home');
    mkdirSync(home);
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ providers: [{ name: 'scripted', baseURL: model.url, model: 'scripted-model', apiKey: 'test-key' }], defaultProvider: 'scripted', maxRetries: 0 }),
    );
    engine = await createEngine({ home, env: {}, approvals: 'ask' });
    web = await startWebHost({ engine, staticDir, port: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    page.on('pageerror', (error) => console.error('[page error]', error.message));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await engine?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const sessions = () => page.getByRole('list', { name: 'Sessions' });
  const sessionButton = (name: string) => sessions().getByRole('button', { name: new RegExp(`^${name}`) });
  const promptBox = () => page.getByRole('textbox', { name: 'Prompt', exact: true });
  const transcript = () => page.getByRole('region', { name: 'Transcript', exact: true });
  const approval = () => page.getByRole('dialog', { name: 'Approval required' });

  async function createSession(name: string): Promise<void> {
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByRole('textbox', { name: 'Workspace', exact: true }).fill(ws(name));
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await sessionButton(name).waitFor();
    await expect.poll(() => sessionButton(name).getAttribute('aria-current')).toBe('true');
  }

  async function send(name: string, text: string): Promise<void> {
    await sessionButton(name).click();
    await promptBox().fill(text);
    await promptBox().press('Enter');
    await transcript().getByText(text).waitFor();
  }

  const chipOf = async (name: string) => ((await sessionButton(name).locator('.chip').textContent()) ?? '').trim();

  it('runs three sessions in parallel, approves one call, denies one, and survives a reload', async () => {
    await page.goto(web.url);
    await page.getByRole('button', { name: 'New session', exact: true }).waitFor();
    for (const name of ['alpha', 'beta', 'gamma']) await createSession(name);
    expect(await sessions().getByRole('button', { name: /^(alpha|beta|gamma)/ }).count()).toBe(3);
    await page.screenshot({ path: join(SHOTS, 'idle.png') });

    await send('alpha', 'alpha: write a short note');
    await send('beta', 'beta: create beta.txt');
    await send('gamma', 'gamma: write gamma.txt');

    // All three are in flight at once: alpha streams while beta and gamma wait for approval.
    await page.getByRole('button', { name: '⊞ 2×2' }).click();
    await sessionButton('alpha').click();
    await page.locator('.item-assistant.streaming').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(SHOTS, 'streaming.png') });
    await expect.poll(() => chipOf('beta'), { timeout: 15_000 }).toBe('approval');
    await expect.poll(() => chipOf('gamma'), { timeout: 15_000 }).toBe('approval');
    expect(model.maxConcurrentStreams).toBeGreaterThanOrEqual(2); // the model saw the sessions' requests overlap
    await expect.poll(async () => (await page.getByRole('button', { name: /^Approvals/ }).textContent())?.trim()).toBe('Approvals 2');

    await sessionButton('beta').click();
    await approval().waitFor();
    await expect.poll(async () => (await approval().textContent()) ?? '').toContain('echo beta > beta.txt');
    await page.screenshot({ path: join(SHOTS, 'approval.png') });
    await approval().getByRole('button', { name: 'Allow once', exact: true }).click();

    await sessionButton('gamma').click();
    await approval().waitFor();
    await expect.poll(async () => (await approval().textContent()) ?? '').toContain('gamma.txt');
    await approval().getByRole('textbox', { name: 'Message to the model if denied' }).fill('not now');
    await approval().getByRole('button', { name: 'Deny', exact: true }).click();

    for (const name of ['alpha', 'beta', 'gamma']) {
      await expect.poll(() => chipOf(name), { timeout: 30_000 }).toMatch(/^(complete|failed)$/);
    }
    expect(await chipOf('alpha')).toBe('complete');
    expect(await chipOf('beta')).toBe('complete');
    expect(existsSync(join(ws('beta'), 'beta.txt'))).toBe(true);
    expect(existsSync(join(ws('gamma'), 'gamma.txt'))).toBe(false);

    await sessionButton('beta').click();
    await transcript().getByText('Created beta.txt.').waitFor();
    const betaTool = transcript().getByRole('button', { name: /echo beta > beta\.txt/ });
    expect(await betaTool.textContent()).toContain('done');
    await sessionButton('gamma').click();
    expect(await transcript().getByRole('button', { name: /gamma\.txt/ }).textContent()).toContain('denied');

    // Reload: the store is rebuilt from session.list + session.events, and everything is as it was.
    const before = await snapshot(page, ['alpha', 'beta', 'gamma']);
    await page.reload();
    await sessionButton('gamma').waitFor();
    await expect.poll(() => snapshot(page, ['alpha', 'beta', 'gamma'])).toEqual(before);
    expect(await page.getByRole('dialog', { name: 'Approval required' }).count()).toBe(0);
  }, 120_000);

  // TODO(conflicts): the engine has no conflict support yet (createEngine passes resolveConflict: null).
  // When it does: two sessions writing the same file in one workspace, the conflict card names the other
  // session and the path, "Override" lets the held prompt run; save docs/screenshots/conflict.png.
  it.skip('TODO: triggers a conflict and resolves it from the conflict card (needs engine conflict support)', () => {});

  async function snapshot(p: Page, names: string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = { sidebar: (await sessions().innerText()).replace(/\s+/g, ' ') };
    for (const name of names) {
      await sessionButton(name).click();
      await transcript().waitFor();
      out[name] = (await transcript().innerText()).replace(/\s+/g, ' ');
    }
    void p;
    return out;
  }
});
