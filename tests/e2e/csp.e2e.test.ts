// The browser host's Content-Security-Policy against the panel as it ships, in real Chromium: opening a diff in
// the Changes tab (whose library sets inline styles) breaks no rule, while an inline script is still refused.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { settled, unwrap } from '../helpers/engine';
import { buildRenderer, haveChromium, openPanel, writeModelConfig, type OpenPanel } from './harness';

/** Runs in the page (as text, so this file needs no DOM types): keeps every CSP violation the page reports. */
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective));`;

describe.skipIf(!haveChromium())('the browser host CSP and the panel', () => {
  let dir: string;
  let model: ModelServer;
  let panel: OpenPanel;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paragents-e2e-csp-'));
    const workspace = join(dir, 'work');
    mkdirSync(workspace);
    writeFileSync(join(workspace, 'app.ts'), 'export const a = 1;\n');
    const staticDir = join(dir, 'renderer');
    await buildRenderer(staticDir);
    model = await startModelServer({
      script: {
        models: ['scripted-model'],
        rules: [
          {
            when: 'edit:',
            steps: [
              { toolCalls: [{ name: 'Read', arguments: { path: 'app.ts' } }] },
              { toolCalls: [{ name: 'Write', arguments: { path: 'app.ts', content: 'export const a = 2;\nexport const b = 3;\n' } }] },
              { content: 'Edited app.ts.' },
            ],
          },
        ],
      },
    });
    const home = join(dir, 'home');
    writeModelConfig(home, model.url);
    panel = await openPanel({ home, staticDir, approvals: 'all' });
    const s = unwrap(await panel.engine.handlers['session.create']({ workspace, name: 'editor' }));
    const p = unwrap(await panel.engine.handlers['prompt.send']({ session: s.id, text: 'edit: app.ts' }));
    expect(await settled(panel.engine, p.id)).toBe('completed');
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    await model?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows a diff without a CSP violation, and still refuses an inline script', async () => {
    const { page } = panel;
    await page.addInitScript(RECORD_VIOLATIONS);
    await page.goto(panel.web.url);
    await page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^editor/ }).click();
    await page.getByRole('tab', { name: 'Changes', exact: true }).click();
    await page.getByRole('list', { name: 'Changed files' }).getByRole('button', { name: 'app.ts', exact: true }).click();
    const diff = page.getByRole('region', { name: 'app.ts' });
    await diff.getByText('export const b = 3;').first().waitFor({ timeout: 15_000 });
    expect(await page.evaluate('window.cspViolations')).toEqual([]);

    // Scripts stay locked to the app's own files: an injected inline script does not run, and says why.
    await page.evaluate(`{
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.body.append(script);
    }`);
    await expect.poll(() => page.evaluate('window.cspViolations')).toEqual(['script-src-elem']);
    expect(await page.evaluate('window.inlineScriptRan ?? false')).toBe(false);
  }, 90_000);
});
