// A parent that fans out to two children, seen in the panel (real Chromium, real engine, scripted model): the session
// list nests the children under the parent and folds them away, and the parent's transcript has one line per child
// with its state, files and integration, each opening the child.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { haveChromium, screenshotDir } from './harness';
import { useE2EPanel } from './panel-fixture';

const SHOTS = screenshotDir();

const agent = (name: string) => ({ name: 'Agent', arguments: { description: `write ${name}`, prompt: `child task ${name}`, name: `kid-${name}` } });

describe.skipIf(!haveChromium())('children of an Agent call in Chromium', () => {
  const fx = useE2EPanel({
    name: 'agents',
    script: {
      models: ['scripted-model'],
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a'), agent('b')] }, { content: 'both done' }] },
        { when: 'child task a', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'a.txt', content: 'a\n' } }] }, { content: 'a finished' }] },
        { when: 'child task b', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'b.txt', content: 'b\n' } }] }, { content: 'b finished' }] },
      ],
    },
    prepare: () => mkdirSync(join(fx.dir, 'work')),
    approvals: 'all',
  });

  it('nests the children under their parent (collapsible) and shows one line per child in the parent', async () => {
    const { engine, page, panel } = fx;
    const s = unwrap(await engine.handlers['session.create']({ workspace: join(fx.dir, 'work'), name: 'boss' }));
    await page.goto(panel.web.url);
    const list = page.getByRole('list', { name: 'Sessions' });
    await list.getByRole('button', { name: /^boss/ }).click();
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');

    const children = page.getByRole('list', { name: 'Children of boss' });
    await children.getByRole('button', { name: /^kid-a/ }).waitFor();
    expect(await children.getByRole('button', { name: /^kid-b/ }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'agents-nested.png') });
    // The parent's header counts its children's spending with its own.
    expect(await page.getByRole('status', { name: 'Usage' }).innerText()).toContain('with its children');

    const lines = page.getByRole('group', { name: /^write [ab]$/ });
    await lines.first().waitFor();
    expect(await lines.count()).toBe(2);
    const first = await page.getByRole('group', { name: 'write a' }).innerText();
    expect(first).toMatch(/\bdone\b/i);
    expect(first).toContain('1 file: a.txt');
    expect(first).toContain('nothing to integrate');

    // The line opens the child.
    const [a] = unwrap(await engine.handlers['agents.list']({ session: s.id }));
    await page.getByRole('group', { name: 'write a' }).getByRole('button', { name: `Open child ${a?.sessionRef}` }).click();
    await page.getByRole('heading', { name: 'kid-a' }).waitFor();

    // Folded away, the children leave the list; unfolded, they are back.
    await list.getByRole('button', { name: 'Collapse children of boss' }).click();
    expect(await page.getByRole('list', { name: 'Children of boss' }).count()).toBe(0);
    await list.getByRole('button', { name: 'Expand children of boss' }).click();
    await page.getByRole('list', { name: 'Children of boss' }).waitFor();
  });
});
