// The panel end to end in real Chromium: real engine, browser host, scripted model server over HTTP.
// Screenshots go to a scratch folder; UPDATE_SCREENSHOTS=1 refreshes the committed ones in docs/screenshots/.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, haveChromium, screenshotDir } from './harness';
import { useE2EPanel } from './panel-fixture';

const SHOTS = screenshotDir();

if (!haveChromium()) {
  console.warn(`[panel.e2e] skipped: ${CHROMIUM} not found (apt-get install -y chromium to run it)`);
}

const STORY = 'Parallel agents need a panel where nothing important is missed. '.repeat(16);

describe.skipIf(!haveChromium())('panel in Chromium', () => {
  const fx = useE2EPanel({
    name: 'panel',
    script: {
      latencyMs: 400,
      tokensPerSecond: 50,
      chunkSize: 6,
      models: ['scripted-model'],
      rules: [
        // Both stop mid-answer at a gate, so the panel shows them streaming until the test lets them finish.
        { when: 'alpha:', steps: [{ content: `## Notes\n\n${STORY}\n\n\`\`\`ts\nconst sessions = 3;\n\`\`\``, gate: 'alpha', gateAfterChunks: 20 }] },
        { when: 'delta:', steps: [{ content: `## Report\n\n${STORY.repeat(2)}`, gate: 'delta', gateAfterChunks: 20 }] },
        { when: 'echo:', steps: [{ content: 'Echo wrote nothing.' }] },
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
    prepare: ({ dir }) => {
      for (const name of ['alpha', 'beta', 'gamma', 'shared']) mkdirSync(join(dir, name));
    },
    approvals: 'ask',
  });
  const ws = (name: string) => join(fx.dir, name);

  const sessions = () => fx.page.getByRole('list', { name: 'Sessions' });
  const sessionButton = (name: string) => sessions().getByRole('button', { name: new RegExp(`^${name}`) });
  const promptBox = () => fx.page.getByRole('textbox', { name: 'Prompt', exact: true });
  const transcript = () => fx.page.getByRole('region', { name: 'Transcript', exact: true });
  const approval = () => fx.page.getByRole('dialog', { name: 'Approval required' });

  async function createSession(name: string, workspace = name): Promise<void> {
    await fx.page.getByRole('button', { name: 'New session', exact: true }).click();
    const form = fx.page.getByRole('form', { name: 'Create session' });
    await form.getByRole('textbox', { name: 'Workspace', exact: true }).fill(ws(workspace));
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

  /** Checks a session's chip; when it is wrong, the failure shows that session's transcript (its error notice). */
  async function expectChip(name: string, want: string): Promise<void> {
    const got = await chipOf(name);
    if (got === want) return;
    await sessionButton(name).click();
    expect(got, `session ${name}: ${(await transcript().innerText()).slice(-1500)}`).toBe(want);
  }

  it('runs three sessions in parallel, approves one call, denies one, and survives a reload', async () => {
    await fx.page.goto(fx.panel.web.url);
    await fx.page.getByRole('button', { name: 'New session', exact: true }).waitFor();
    for (const name of ['alpha', 'beta', 'gamma']) await createSession(name);
    expect(await sessions().getByRole('button', { name: /^(alpha|beta|gamma)/ }).count()).toBe(3);
    await fx.page.screenshot({ path: join(SHOTS, 'idle.png') });

    await send('alpha', 'alpha: write a short note');
    await send('beta', 'beta: create beta.txt');
    await send('gamma', 'gamma: write gamma.txt');

    // All three are in flight at once: alpha streams while beta and gamma wait for approval.
    await fx.page.getByRole('button', { name: '⊞ 2×2' }).click();
    await sessionButton('alpha').click();
    await fx.page.locator('.item-assistant.streaming').first().waitFor({ timeout: 15_000 });
    await fx.model.reached('alpha');
    expect(await chipOf('alpha')).toBe('running'); // streaming, not "queued" (a late prompt.send reply once said so)
    await fx.page.screenshot({ path: join(SHOTS, 'streaming.png') });
    await expect.poll(() => chipOf('beta'), { timeout: 15_000 }).toBe('approval');
    await expect.poll(() => chipOf('gamma'), { timeout: 15_000 }).toBe('approval');
    expect(fx.model.maxConcurrentStreams).toBeGreaterThanOrEqual(2); // the model saw the sessions' requests overlap
    fx.model.openGate('alpha');
    await expect.poll(async () => (await fx.page.getByRole('button', { name: /^Approvals/ }).textContent())?.trim()).toBe('Approvals 2');

    await sessionButton('beta').click();
    await approval().waitFor();
    await expect.poll(async () => (await approval().textContent()) ?? '').toContain('echo beta > beta.txt');
    await fx.page.screenshot({ path: join(SHOTS, 'approval.png') });
    await approval().getByRole('button', { name: 'Allow once', exact: true }).click();

    await sessionButton('gamma').click();
    await approval().waitFor();
    await expect.poll(async () => (await approval().textContent()) ?? '').toContain('gamma.txt');
    await approval().getByRole('textbox', { name: 'Message to the model if denied' }).fill('not now');
    await approval().getByRole('button', { name: 'Deny', exact: true }).click();

    for (const name of ['alpha', 'beta', 'gamma']) {
      await expect.poll(() => chipOf(name), { timeout: 30_000 }).toMatch(/^(complete|failed)$/);
    }
    await expectChip('alpha', 'complete');
    await expectChip('beta', 'complete');
    expect(existsSync(join(ws('beta'), 'beta.txt'))).toBe(true);
    expect(existsSync(join(ws('gamma'), 'gamma.txt'))).toBe(false);

    await sessionButton('beta').click();
    await transcript().getByText('Created beta.txt.').waitFor();
    const betaTool = transcript().getByRole('button', { name: /echo beta > beta\.txt/ });
    expect(await betaTool.textContent()).toContain('done');
    await sessionButton('gamma').click();
    expect(await transcript().getByRole('button', { name: /gamma\.txt/ }).textContent()).toContain('denied');

    // Reload: the store is rebuilt from session.list + session.events, and everything is as it was.
    const before = await snapshot(fx.page, ['alpha', 'beta', 'gamma']);
    await fx.page.reload();
    await sessionButton('gamma').waitFor();
    await expect.poll(() => snapshot(fx.page, ['alpha', 'beta', 'gamma'])).toEqual(before);
    expect(await fx.page.getByRole('dialog', { name: 'Approval required' }).count()).toBe(0);
  }, 120_000);

  it('holds a prompt that declares an output another session is writing, and runs it on Override', async () => {
    await fx.page.goto(fx.panel.web.url);
    await fx.page.getByRole('button', { name: 'New session', exact: true }).waitFor();
    await createSession('delta', 'shared');
    await send('delta', 'delta: write the long report > out/report.txt');
    await fx.model.reached('delta');
    await expect.poll(() => chipOf('delta'), { timeout: 15_000 }).toBe('running');

    await createSession('echo', 'shared');
    await send('echo', 'echo: echo hi > out/report.txt');
    const card = fx.page.getByRole('group', { name: 'Conflict' });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('delta'); // names the other session…
    expect(await card.textContent()).toContain('out/report.txt'); // …and the path
    expect(await chipOf('echo')).toBe('conflict');
    expect(await chipOf('delta')).toBe('running'); // the other session keeps streaming
    await fx.page.screenshot({ path: join(SHOTS, 'conflict.png') });

    await card.getByRole('button', { name: 'Override', exact: true }).click();
    await card.waitFor({ state: 'detached' });
    await transcript().getByText('Echo wrote nothing.').waitFor({ timeout: 15_000 });
    await expect.poll(() => chipOf('echo'), { timeout: 15_000 }).toBe('complete');
    expect(await chipOf('delta')).toBe('running'); // still held mid-answer: echo ran alongside it
    fx.model.openGate('delta');
    await expect.poll(() => chipOf('delta'), { timeout: 30_000 }).toBe('complete');
  }, 90_000);

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
