// The browser host's Content-Security-Policy against the panel as it ships, in real Chromium: opening a diff in
// the Changes tab (whose library sets inline styles) breaks no rule, while an inline script is still refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { haveChromium } from './harness';
import { useE2EPanel } from './panel-fixture';

/** Runs in the page (as text, so this file needs no DOM types): keeps every CSP violation the page reports. */
const RECORD_VIOLATIONS = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective));`;

describe.skipIf(!haveChromium())('the browser host CSP and the panel', () => {
  const fx = useE2EPanel({
    name: 'csp',
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
    prepare: ({ dir }) => {
      mkdirSync(join(dir, 'work'));
      writeFileSync(join(dir, 'work', 'app.ts'), 'export const a = 1;\n');
    },
    approvals: 'all',
  });

  beforeAll(async () => {
    const s = unwrap(await fx.engine.handlers['session.create']({ workspace: join(fx.dir, 'work'), name: 'editor' }));
    const p = unwrap(await fx.engine.handlers['prompt.send']({ session: s.id, text: 'edit: app.ts' }));
    expect(await settled(fx.engine, p.id)).toBe('completed');
  }, 90_000);

  it('shows a diff without a CSP violation, and still refuses an inline script', async () => {
    const { page, panel } = fx;
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
