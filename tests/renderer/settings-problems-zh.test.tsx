// @vitest-environment jsdom
// The permissions, configuration and setup views paint the engine's sentences from their Msg: a settings-file
// problem the real settings reader produced, a config.json refusal and a wrong `language` read in 简体中文.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LanguageState } from '../../shared/config';
import { english, msg, readLanguageSetting, render, translator } from '../../shared/i18n';
import { err } from '../../shared/result';
import { loadLanguage } from '../../renderer/i18n';
import { readSettings } from '../../main/core/policy/settings/load';
import { fakeApi, summary } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

const zh = translator('zh-CN');
const USER = '/home/me/.config/paragents/settings.json';
const PROJECT = '/w/one/.paragents/settings.json';
const HAN = /\p{Script=Han}/u;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  await loadLanguage(fakeApi({ 'config.language': () => ({ ok: true, value: { setting: 'system', override: null, problem: null } }) }).api);
});

/** What the engine answers `policy.rules` with: the reader's problems as they cross the wire (JSON). */
function rulesAnswer() {
  const loaded = readSettings({ permissions: { allow: ['mcp__*', 'Bash()'], allowed: [] } }, USER, 'user');
  // A sentence no English template knows: only its Msg can put it in Chinese.
  const project = readSettings([], PROJECT, 'project');
  const problems = JSON.parse(JSON.stringify([...loaded.problems, ...project.problems])) as typeof loaded.problems;
  return {
    problems,
    value: {
      workspace: '/w/one', trusted: true, mode: 'default' as const, modeSource: 'default' as const, rules: [],
      problems: problems.map((p) => ({ ...p, ineffectiveRule: p.ineffectiveRule ?? null })),
    },
  };
}

describe('a panel in 简体中文 renders the engine sentences of its settings views from their Msg', () => {
  it('shows each settings problem in Chinese, the rule and the file as written', async () => {
    const answer = rulesAnswer();
    expect(answer.problems.map((p) => p.message)).toEqual([
      'permissions.allowed: unknown key',
      'permissions.allow[0]: "mcp__*" is ineffective: a tool-name glob in an allow rule grants nothing unless it names an MCP server (mcp__server or mcp__server__*)',
      'permissions.allow[1]: "Bash()": empty specifier; the allow rule is ignored',
      'the file has errors, so none of its allow rules, modes or folders apply',
      'the settings file must hold a JSON object',
    ]);
    await loadLanguage(fakeApi({ 'config.language': () => ({ ok: true, value: { setting: 'zh-CN', override: null, problem: null } }) }).api);
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'api' })] }),
      'policy.rules': () => ({ ok: true, value: answer.value }),
    });
    renderPanel(fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: zh('permissions.title') }));
    const view = screen.getByRole('region', { name: zh('permissions.title') });
    const table = await within(view).findByRole('table', { name: zh('permissions.ineffectiveRules') });
    const ineffective = answer.problems[1]!;
    expect(within(table).getAllByRole('row').map((r) => r.textContent).slice(1)).toEqual([`mcp__*${render('zh-CN', ineffective.msg!)}${USER}`]);
    const list = within(view).getByRole('list', { name: zh('permissions.settingsProblems') });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items).toEqual([
      `${USER}: permissions.allowed：未知的键`,
      `${USER}: permissions.allow[1]："Bash()"：说明符为空；这条 allow 规则被忽略`,
      `${USER}: 此文件有错误，因此它的 allow 规则、模式和文件夹都不生效`,
      `${PROJECT}: 设置文件必须包含一个 JSON 对象`,
    ]);
    for (const item of items) expect(item).not.toMatch(/unknown key|ignored|the file has errors|must hold/);
  });

  it('shows a refused config.json and a wrong language setting in Chinese', async () => {
    const refusal = msg('notices.mcpConfig.inFile', { file: '/h/config.json', message: msg('engineErrors.config.emptyFile') });
    const wrong = readLanguageSetting('/h/config.json', 'fr');
    const state: LanguageState = { setting: 'zh-CN', override: null, problem: wrong.problem, problemMsg: wrong.problemMsg };
    const fake = fakeApi({
      'config.language': () => ({ ok: true, value: state }),
      'config.get': () => err('config', refusal),
    });
    await loadLanguage(fake.api);
    renderPanel(fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: zh('app.config') }));
    const view = await screen.findByRole('region', { name: zh('config.title') });
    const alerts = (await within(view).findAllByRole('alert')).map((a) => a.textContent ?? '');
    expect(alerts).toContain(render('zh-CN', refusal));
    expect(alerts).toContain(render('zh-CN', wrong.problemMsg!));
    for (const text of alerts) {
      expect(text).toMatch(HAN);
      expect(text).not.toContain('is not one of');
      expect(text).not.toContain('file is empty');
    }
    expect(english(refusal)).toBe('/h/config.json: file is empty (expected a JSON object)');
  });
  it('shows why the setup view could not save, in Chinese from the refusal\'s Msg', async () => {
    const refusal = msg('engineErrors.config.setupInvalidJson', { file: '/h/config.json', error: 'Unexpected end of JSON input' });
    await loadLanguage(fakeApi({ 'config.language': () => ({ ok: true, value: { setting: 'zh-CN', override: null, problem: null } }) }).api);
    const fake = fakeApi({
      'config.get': () => ({ ok: true, value: { providers: [], fallback: [], concurrency: 4, maxSteps: 25, requestTimeoutMs: 120_000, maxRetries: 3, path: '/h/config.json', home: '/h' } }),
      'config.detectLocal': () => ({ ok: true, value: [{ preset: 'ollama', baseURL: 'http://127.0.0.1:11434/v1', models: ['qwen'] }] }),
      'config.saveProvider': () => err('config', refusal),
    });
    renderPanel(fake);
    const setup = await screen.findByRole('region', { name: zh('setup.label') });
    await within(setup).findByText(/ollama/);
    await userEvent.setup().click(within(setup).getByRole('button', { name: zh('common.save') }));
    const alert = await within(setup).findByRole('alert');
    expect(alert.textContent).toBe(render('zh-CN', refusal));
    expect(alert.textContent).toMatch(HAN);
    expect(alert.textContent).toContain('Unexpected end of JSON input');
    expect(alert.textContent).not.toContain('fix or remove it');
  });
});
