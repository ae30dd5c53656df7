// Approving a project hook in the panel, end to end in real Chromium: real engine, browser host, scripted model
// server over HTTP. A trusted workspace's .paragents/settings.json holds a PreToolUse hook on Bash that saves what
// it is given; the Hooks view shows it waiting, and a Bash call does not run it. After "Approve" shows the command
// line and the person lets it run, the next Bash call of a session there runs it: its file appears, holding the
// call. The view is also opened in 简体中文 (the browser's locale).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settled, unwrap } from '../helpers/engine';
import { haveChromium, screenshotDir } from './harness';
import { useE2EPanel } from './panel-fixture';

const SHOTS = screenshotDir();

// Runs in the workspace with the PreToolUse JSON on stdin: the file shows that it ran, and for which call.
const HOOK = 'cat > hook-input.json';

describe.skipIf(!haveChromium())('hooks view in Chromium', () => {
  const fx = useE2EPanel({
    name: 'hooks',
    script: {
      models: ['scripted-model'],
      rules: [{ when: 'greet:', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hello from bash' } }] }, { content: 'Greeted.' }] }],
    },
    prepare: ({ dir }) => {
      mkdirSync(join(dir, 'guarded', '.paragents'), { recursive: true });
      writeFileSync(
        join(dir, 'guarded', '.paragents', 'settings.json'),
        JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: HOOK, timeout: 10 }] }] } }),
      );
    },
    approvals: 'all',
  });
  const ws = () => join(fx.dir, 'guarded');

  async function run(session: string, text: string): Promise<void> {
    const p = unwrap(await fx.engine.handlers['prompt.send']({ session, text }));
    expect(await settled(fx.engine, p.id)).toBe('completed');
  }

  it('shows the project hook waiting, approves it after showing its command line, and the next Bash call runs it', async () => {
    unwrap(await fx.engine.handlers['workspace.trust']({ workspace: ws(), trusted: true }));
    const s = unwrap(await fx.engine.handlers['session.create']({ workspace: ws(), name: 'guarded' }));
    await fx.page.goto(fx.panel.web.url);
    await fx.page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^guarded/ }).waitFor();

    await fx.page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Hooks', exact: true }).click();
    const view = fx.page.getByRole('region', { name: 'Hooks', exact: true });
    const row = view.getByRole('row').filter({ hasText: HOOK });
    await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim())).toEqual([
      'PreToolUse',
      'Bash',
      `${HOOK} timeout 10 s`,
      `project ${join(ws(), '.paragents', 'settings.json')}`,
      'waiting for your approval',
      'Approve',
    ]);

    // Not approved yet: the Bash call runs without it.
    await run(s.id, 'greet: the world');
    expect(existsSync(join(ws(), 'hook-input.json'))).toBe(false);

    await row.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = view.getByRole('dialog', { name: 'Approve hook' });
    expect(await dialog.locator('pre').innerText()).toBe(HOOK);
    await fx.page.screenshot({ path: join(SHOTS, 'hooks-approve.png') });
    await dialog.getByRole('button', { name: 'Let it run', exact: true }).click();
    await expect.poll(() => row.getByRole('cell').nth(4).innerText()).toBe('runs');
    await dialog.waitFor({ state: 'detached' });

    await run(s.id, 'greet: again');
    const input = JSON.parse(readFileSync(join(ws(), 'hook-input.json'), 'utf8')) as Record<string, unknown>;
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo hello from bash' }, workspace: ws() });
  });

  // After the approval above, so the hook's state reads as running.
  it('opens in 简体中文 when that is the browser language', async () => {
    const context = await fx.panel.browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 860 } });
    try {
      const zh = await context.newPage();
      await zh.goto(fx.panel.web.url);
      await zh.getByRole('navigation', { name: '视图' }).getByRole('button', { name: 'Hook 管理', exact: true }).click();
      const view = zh.getByRole('region', { name: 'Hook 管理', exact: true });
      await view.getByRole('heading', { name: 'Hook 管理' }).waitFor();
      const row = view.getByRole('row').filter({ hasText: HOOK });
      await expect.poll(() => row.getByRole('cell').nth(4).innerText()).toBe('会运行');
      expect(await row.getByRole('cell').nth(3).innerText()).toContain('项目');
      expect(await view.getByRole('columnheader').allInnerTexts()).toEqual(['事件', '匹配器', '命令', '来源', '状态', '']);
      await zh.screenshot({ path: join(SHOTS, 'hooks-zh-CN.png') });
    } finally {
      await context.close();
    }
  });
});
