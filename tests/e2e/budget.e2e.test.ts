// A budget pausing a session, end to end in real Chromium: real engine, browser host, scripted model server over
// HTTP. The person sets the session's budget in its header, the turn pauses at the step boundary with the
// "Budget reached" card, and the person resumes it once from the card.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { buildRenderer, CHROMIUM, haveChromium, openPanel, screenshotDir, type OpenPanel } from './harness';

const SHOTS = screenshotDir();

if (!haveChromium() && process.env.CI) {
  throw new Error(`${CHROMIUM} is missing on CI: install it with \`apt-get install -y chromium\` (the e2e test must not be skipped there)`);
}

// Each step reports 700 tokens at $2 / $8 per million: $0.002 a step.
const STEP = { prompt_tokens: 600, completion_tokens: 100 };

describe.skipIf(!haveChromium())('budget in Chromium', () => {
  let dir: string;
  let model: ModelServer;
  let panel: OpenPanel;
  let page: Page;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paragents-e2e-budget-'));
    mkdirSync(join(dir, 'work'));
    const staticDir = join(dir, 'renderer');
    await buildRenderer(staticDir);
    model = await startModelServer({
      script: {
        rules: [
          {
            when: 'survey:',
            steps: [
              { content: 'Listing the folder.', toolCalls: [{ name: 'LS', arguments: {} }], usage: STEP },
              { content: 'Listing it once more.', toolCalls: [{ name: 'LS', arguments: {} }], usage: STEP },
              { content: 'Survey finished past the budget.', usage: STEP },
            ],
          },
        ],
      },
    });
    const home = join(dir, 'home');
    mkdirSync(home);
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({
        providers: [{ name: 'scripted', baseURL: model.url, model: 'scripted-model', apiKey: 'test-key', price: { inputPerMTok: 2, outputPerMTok: 8 } }],
        defaultProvider: 'scripted',
        maxRetries: 0,
      }),
    );
    panel = await openPanel({ home, staticDir, approvals: 'all' });
    ({ page } = panel);
  }, 60_000);

  afterAll(async () => {
    await panel?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const chats = () => model.requests.filter((r) => r.method === 'POST').length;
  const header = () => page.locator('.session-pane .pane-header');
  const transcript = () => page.getByRole('region', { name: 'Transcript', exact: true });
  const card = () => page.getByRole('dialog', { name: 'Budget reached' });

  it('a session budget pauses the turn with the Budget reached card, and Resume once finishes it', async () => {
    await page.goto(panel.web.url);
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    const form = page.getByRole('form', { name: 'Create session' });
    await form.getByRole('textbox', { name: 'Workspace', exact: true }).fill(join(dir, 'work'));
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('capped');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await header().getByRole('button', { name: 'Set budget' }).click();
    await header().getByRole('textbox', { name: 'Session budget' }).fill('1000');
    await header().getByRole('button', { name: 'Save budget' }).click();
    await header().getByRole('button', { name: 'Budget: 1k tokens' }).waitFor();

    const promptBox = page.getByRole('textbox', { name: 'Prompt', exact: true });
    await promptBox.fill('survey: what is in this folder?');
    await promptBox.press('Enter');

    // 700 tokens after the first step, 1400 after the second: its LS call ran, and the third request was not sent.
    await card().waitFor();
    await expect.poll(() => card().textContent()).toContain('Paused: the session budget of 1k tokens is used up (1.4k tokens).');
    expect(chats()).toBe(2);
    await expect.poll(() => header().getByRole('status', { name: 'Usage' }).textContent()).toBe('1.4k tokens · $0.004');
    await expect.poll(() => page.locator('.pane-header .chip').first().textContent()).toBe('paused');
    const totals = page.getByRole('region', { name: 'Usage totals' });
    await expect.poll(() => totals.textContent()).toContain('Today: 1.4k tokens · $0.004');
    await page.screenshot({ path: join(SHOTS, 'budget-reached.png') });

    await card().getByRole('button', { name: 'Resume once' }).click();
    await transcript().getByText('Survey finished past the budget.').waitFor();
    await card().waitFor({ state: 'detached' });
    expect(chats()).toBe(3);
    await expect.poll(() => transcript().getByLabel('Turn usage').textContent()).toBe('Turn: 2.1k tokens · $0.006');
    await expect.poll(() => totals.textContent()).toContain('Today: 2.1k tokens · $0.006');
  });
});
