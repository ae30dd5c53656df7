// @vitest-environment jsdom
// The engine's own texts in a panel set to 简体中文: hook lines, refused and failed calls and turns in the
// transcript, MCP reasons and mcp.json problems, settings problems, provider presets and the Markdown export.
// Each English text below is a sentence the engine writes (tests/i18n/engine-text.test.ts and
// rare-reasons.test.ts produce them from real runs); what a person or a hook wrote stays as written.
import { msg } from '../../shared/i18n/message';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent, McpServerView } from '../../shared';
import type { LanguageState } from '../../shared/config';
import { translator } from '../../shared/i18n';
import { loadLanguage } from '../../renderer/i18n';
import { eventMaker } from './helpers/events';
import { fakeApi, summary, type FakeApi, type FakeHandlers } from './helpers/fake-api';

/** What the engine sends when a file cannot be read: the file and what the system said, as data. */
const cannotRead = (file: string) => msg('notices.mcpConfig.inFile', { file, message: msg('notices.settings.cannotRead', { error: 'EACCES: permission denied' }) });
import { renderPanel } from './helpers/render-panel';

const zh = translator('zh-CN');
const ZH: LanguageState = { setting: 'zh-CN', override: null, problem: null };
const SYSTEM: LanguageState = { setting: 'system', override: null, problem: null };

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  // The panel's i18n instance outlives a test: back to the system's language (jsdom's browser is English).
  await loadLanguage(fakeApi({ 'config.language': () => ({ ok: true, value: SYSTEM }) }).api);
});

async function zhPanel(handlers: FakeHandlers): Promise<FakeApi & { store: ReturnType<typeof renderPanel>['store'] }> {
  const fake = fakeApi({ 'config.language': () => ({ ok: true, value: ZH }), ...handlers });
  await loadLanguage(fake.api);
  const { store } = renderPanel(fake);
  return Object.assign(fake, { store });
}

/** None of these English sentences (or their fixed parts) may be left in what the panel shows. */
function expectNoEnglish(text: string, english: readonly string[]): void {
  for (const e of english) expect(text, e).not.toContain(e);
}

const HOOK = '/h/hooks/block.sh';
const ev = eventMaker('sess-1', 'a1b2c3', 1);
const SESSION: EngineEvent[] = [
  ev('session_created', { workspace: '/w/one' }, null),
  ev('prompt_queued', { text: 'run echo', position: 0 }),
  ev('prompt_status', { status: 'running' }),
  ev('turn_started', { resumed: false }),
  ev('hook_ran', { event: 'PreToolUse', command: HOOK, source: 'user', exitCode: 2, ms: 12, decision: 'deny', timedOut: false, tool: 'Bash', message: '不要用 shell', notRun: null }),
  ev('tool_call', {
    callId: 'c1', tool: 'Bash', input: { command: 'echo hi' },
    decision: {
      decision: 'blocked', rule: null, source: 'user', reason: `refused by PreToolUse hook \`${HOOK}\` (user settings): 不要用 shell`,
      reasonMsg: msg('notices.hook.refused', { event: 'PreToolUse', command: HOOK, source: msg('notices.hook.source.user'), rest: msg('notices.hook.said', { message: '不要用 shell' }) }),
    },
  }),
  ev('tool_result', {
    callId: 'c1', tool: 'Bash', ok: false, output: null,
    error: `blocked by policy: refused by PreToolUse hook \`${HOOK}\` (user settings): 不要用 shell. Do not retry this call unchanged.`,
    errorMsg: msg('notices.error.blocked', {
      reason: msg('notices.hook.refused', { event: 'PreToolUse', command: HOOK, source: msg('notices.hook.source.user'), rest: msg('notices.hook.said', { message: '不要用 shell' }) }),
    }),
  }),
  ev('hook_ran', { event: 'Stop', command: '/h/hooks/slow.sh', source: 'project', exitCode: null, ms: 60000, decision: null, timedOut: true, tool: null, message: null, notRun: null }),
  ev('prompt_status', { status: 'failed' }),
  ev('turn_failed', { error: 'Max steps exceeded: the turn made 26 model calls (limit 25)', errorMsg: msg('notices.error.maxSteps', { steps: 26, limit: 25 }) }),
];

describe('a panel in 简体中文', () => {
  it('shows hook lines, a refused call and a failed turn of the transcript in Chinese', async () => {
    const fake = await zhPanel({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { status: 'failed' })] }),
      'session.events': ({ afterSeq }) => ({ ok: true, value: SESSION.filter((e) => e.seq > (afterSeq ?? 0)) }),
    });
    await waitFor(() => expect(fake.store.getState().ui.hydrated).toBe(true));
    act(() => fake.store.getState().actions.focus('sess-1'));
    const pane = await waitFor(() => {
      const el = document.querySelector('.session-pane');
      expect(el?.textContent).toContain('Stop hook');
      return el as HTMLElement;
    });
    const notices = [...pane.querySelectorAll('.item-notice')].map((n) => n.textContent ?? '');
    expect(notices).toEqual([
      `PreToolUse hook（Bash）\`${HOOK}\`（用户设置）退出码 2，用时 12 ms，拒绝：不要用 shell`,
      'Stop hook `/h/hooks/slow.sh`（项目设置）60000 ms 后超时，已被停止',
      '失败：超过最大步数：本轮调用了 26 次模型（上限 25）',
    ].map((n) => expect.stringContaining(n)));

    // The refused call: its reason and the engine's answer to the model, in Chinese when opened.
    await userEvent.setup().click(within(pane).getByRole('button', { name: /echo hi/ }));
    const detail = pane.querySelector('.tool-detail') as HTMLElement;
    expect(detail.querySelector('.tool-reason')?.textContent).toBe(`被用户设置中的 PreToolUse hook \`${HOOK}\` 拒绝：不要用 shell`);
    expect(detail.querySelector('.tool-error')?.textContent).toBe(`被策略阻止：被用户设置中的 PreToolUse hook \`${HOOK}\` 拒绝：不要用 shell。不要原样重试这次调用。`);
    expectNoEnglish(pane.textContent ?? '', ['refused by', 'user settings', 'blocked by policy', 'Do not retry', 'exit 2 in', 'timed out', 'Max steps', 'failed:']);
  });

  it('shows why MCP servers do not run, what is wrong in mcp.json and a refused request in Chinese', async () => {
    const server = (over: Partial<McpServerView>): McpServerView => ({
      name: 'off', scope: 'user', workspace: null, file: '/h/mcp.json', launch: 'true', standing: 'disabled',
      reason: 'the server "off" is turned off', reasonMsg: msg('notices.mcp.turnedOff', { name: 'off' }), enabled: false, state: 'stopped', pid: null, error: null, stderr: [], tools: [], sessions: [],
      ...over,
    });
    const fake = await zhPanel({
      'mcp.list': () => ({
        ok: true,
        value: {
          workspace: '/w/one',
          servers: [
            server({}),
            server({ name: 'db', standing: 'usable', reason: null, enabled: true, state: 'failed', error: 'the server exited with code 1; its last stderr lines: connection refused', errorMsg: msg('notices.mcp.exited', { code: 1, rest: msg('notices.mcp.stderrTail', { lines: 'connection refused' }) }) }),
            server({ name: 'proj', scope: 'project', workspace: '/w/one', file: '/w/one/.mcp.json', standing: 'untrusted', reason: 'the workspace /w/one is not trusted, so its .mcp.json servers do not run', reasonMsg: msg('notices.mcp.untrusted', { workspace: '/w/one' }) }),
          ],
          problems: [{ file: '/h/mcp.json', server: 'args', message: '/h/mcp.json: mcpServers.args.args must be an array of strings', msg: msg('notices.mcpConfig.inFile', { file: '/h/mcp.json', message: msg('notices.mcpConfig.stringArray', { field: 'mcpServers.args.args' }) }) }],
        },
      }),
      'mcp.setEnabled': () => ({ ok: false, error: { kind: 'invalid_state', message: 'The MCP server "off" does not run: the managed settings deny the server "off" (deniedMcpServers).', msg: msg('notices.error.mcpNotRunning', { server: 'off', reason: msg('notices.mcp.deniedByManaged', { name: 'off' }) }) } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: zh('app.mcp') }));
    const view = await screen.findByRole('region', { name: zh('mcp.label') });
    const off = await within(view).findByRole('region', { name: zh('mcp.serverLabel', { label: 'off' }) });
    expect(off.textContent).toContain('服务器“off”已关闭');
    expect(view.textContent).toContain('工作区 /w/one 不受信任，因此它的 .mcp.json 服务器不会运行');
    expect(view.textContent).toContain('/h/mcp.json：mcpServers.args.args 必须是字符串数组');
    expect(within(view).getByRole('region', { name: zh('mcp.serverLabel', { label: 'db' }) }).textContent).toContain('服务器退出，退出码 1；最后几行 stderr：connection refused');
    expectNoEnglish(view.textContent ?? '', ['is turned off', 'is not trusted', 'must be an array', 'exited with code', 'stderr lines']);
    // A request the engine refuses, then a list it cannot read: the view says why, in Chinese.
    fake.handle('mcp.list', () => ({ ok: false, error: { kind: 'config', message: '/h/mcp.json: cannot read: EACCES: permission denied', msg: cannotRead('/h/mcp.json') } }));
    await user.click(within(off).getByRole('button', { name: zh('mcp.turnOn') }));
    expect(await within(view).findByText('/h/mcp.json：无法读取：EACCES: permission denied')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'mcp.setEnabled')).toBe(true);
  });

  it('lists settings problems in the permissions view in Chinese', async () => {
    await zhPanel({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }),
      'policy.rules': () => ({
        ok: true,
        value: {
          workspace: '/w/one', trusted: true, mode: 'default', modeSource: 'default', rules: [],
          problems: [
            {
              file: '/h/settings.json',
              message: 'permissions.allow[0]: "*" is ineffective: a tool-name glob in an allow rule grants nothing unless it names an MCP server (mcp__server or mcp__server__*)',
              msg: msg('notices.settings.fieldProblem', { field: 'permissions.allow[0]', problem: msg('notices.settings.ineffectiveGlob', { rule: '*' }) }),
              ineffectiveRule: '*',
            },
            { file: '/w/one/.paragents/settings.json', message: 'permissions.defaultMode: expected one of default, acceptEdits, plan, bypass', msg: msg('notices.settings.defaultMode', { modes: 'default, acceptEdits, plan, bypass' }), ineffectiveRule: null },
            { file: '/w/one/.paragents/settings.json', message: 'the file has errors, so none of its allow rules, modes or folders apply', msg: msg('notices.settings.fileHasErrors'), ineffectiveRule: null },
          ],
        },
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: zh('permissions.title') }));
    const view = screen.getByRole('region', { name: zh('permissions.title') });
    const table = await within(view).findByRole('table', { name: zh('permissions.ineffectiveRules') });
    expect(table.textContent).toContain('permissions.allow[0]："*" 无效：allow 规则中的工具名通配符不授予任何权限');
    const list = within(view).getByRole('list', { name: zh('permissions.settingsProblems') });
    expect(list.textContent).toContain('permissions.defaultMode：应为 default, acceptEdits, plan, bypass 之一');
    expect(list.textContent).toContain('此文件有错误，因此它的 allow 规则、模式和文件夹都不生效');
    expectNoEnglish(view.textContent ?? '', ['is ineffective', 'grants nothing', 'expected one of', 'the file has errors']);
  });

  it('names the provider presets in Chinese and shows a failed connection test in Chinese', async () => {
    await zhPanel({
      'config.get': () => ({ ok: true, value: { providers: [], fallback: [], concurrency: 4, maxSteps: 25, requestTimeoutMs: 1000, maxRetries: 1, path: '/h/config.json', home: '/h' } }),
      'config.detectLocal': () => ({ ok: true, value: [] }),
      'config.listModels': () => ({ ok: false, error: { kind: 'config', message: '/h/config.json: cannot read: EACCES: permission denied', msg: cannotRead('/h/config.json') } }),
    });
    const setup = await screen.findByRole('region', { name: zh('setup.label') });
    const presets = within(setup).getByRole('radiogroup', { name: zh('setup.provider') });
    expect(within(presets).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Ollama（本地）', 'LM Studio（本地）', 'vLLM', 'OpenAI', 'OpenRouter', 'DeepSeek',
    ]);
    await userEvent.setup().click(within(setup).getByRole('button', { name: zh('setup.testConnection') }));
    // The system's own words (EACCES) stay as they are; the sentence around them is Chinese.
    expect((await within(setup).findByRole('alert')).textContent).toBe('/h/config.json：无法读取：EACCES: permission denied');
    expectNoEnglish(setup.textContent ?? '', ['(local)']);
  });

  it('exports the Markdown document in Chinese: headings, labels and the engine\'s notes', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return `blob:paragents/${blobs.length}`;
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fake = await zhPanel({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'build' })] }),
      'session.events': ({ afterSeq }) => ({ ok: true, value: SESSION.filter((e) => e.seq > (afterSeq ?? 0)) }),
    });
    await waitFor(() => expect(fake.store.getState().ui.hydrated).toBe(true));
    act(() => fake.store.getState().actions.focus('sess-1'));
    const user = userEvent.setup();
    const header = await waitFor(() => {
      const el = document.querySelector('.session-pane .pane-header');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    await user.click(within(header).getByRole('button', { name: zh('palette.menu.label') }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: zh('palette.menu.export') }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const md = await blobs[0]!.text();
    for (const part of [
      '# 会话 a1b2c3',
      '- 工作区：`/w/one`',
      '## 提示词 1',
      '> run echo',
      '**工具 `Bash`** — 已阻止',
      '错误：',
      `被策略阻止：被用户设置中的 PreToolUse hook \`${HOOK}\` 拒绝：不要用 shell。不要原样重试这次调用。`,
      `*警告：PreToolUse hook（Bash）\`${HOOK}\`（用户设置）退出码 2，用时 12 ms，拒绝：不要用 shell*`,
      '*本轮失败：超过最大步数：本轮调用了 26 次模型（上限 25）。*',
    ]) {
      expect(md, part).toContain(part);
    }
    expectNoEnglish(md, ['# Session', 'Workspace:', '## Prompt', '**Tool', 'Error:', 'Turn failed', 'blocked by policy', 'warn:', 'Max steps']);
  });
});
