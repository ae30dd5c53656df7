// @vitest-environment jsdom
// The setup, configuration and permissions views against a fake EngineApi shaped like the contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PolicyDecision, RedactedConfig } from '../../shared';
import { fakeApi, summary } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const config = (providers: RedactedConfig['providers']): RedactedConfig => ({
  providers, fallback: providers.slice(1).map((p) => p.name), concurrency: 4, maxSteps: 25, requestTimeoutMs: 120_000, maxRetries: 3,
  path: '/home/me/.config/paragents/config.json', home: '/home/me/.config/paragents',
});

describe('setup view', () => {
  it('opens on first run, offers a detected local server first, and needs no key for it', async () => {
    const fake = fakeApi({
      'config.get': () => ({ ok: true, value: config([]) }),
      'config.detectLocal': () => ({ ok: true, value: [{ preset: 'lmstudio', baseURL: 'http://127.0.0.1:1234/v1', models: ['qwen2.5-coder-7b', 'llama-3.1-8b'] }] }),
      'config.saveProvider': ({ provider }) => ({ ok: true, value: config([{ ...provider, apiKeySet: false }]) }),
    });
    renderPanel(fake);
    const setup = await screen.findByRole('region', { name: 'Setup' });
    await within(setup).findByText(/Found lmstudio at http:\/\/127\.0\.0\.1:1234\/v1 — no key needed/);

    const presets = within(setup).getByRole('radiogroup', { name: 'Provider' });
    expect(within(presets).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual([
      'Ollama (local)', 'LM Studio (local)', 'vLLM', 'OpenAI', 'OpenRouter', 'DeepSeek',
    ]);
    expect((within(presets).getByRole('radio', { name: 'LM Studio (local)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(setup).getByLabelText('Base URL') as HTMLInputElement).value).toBe('http://127.0.0.1:1234/v1');
    expect((within(setup).getByLabelText('Model') as HTMLSelectElement).value).toBe('qwen2.5-coder-7b');

    await userEvent.setup().click(within(setup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Setup' })).toBeNull());
    expect(fake.calls.find((c) => c.method === 'config.saveProvider')?.input).toEqual({
      provider: { name: 'lmstudio', baseURL: 'http://127.0.0.1:1234/v1', model: 'qwen2.5-coder-7b' },
      makeDefault: true,
    });
  });

  it('fills a preset, tests the connection and lists the models the server returns', async () => {
    const fake = fakeApi({
      'config.detectLocal': () => ({ ok: true, value: [] }),
      'config.listModels': () => ({ ok: true, value: { models: ['gpt-4.1-mini', 'gpt-4.1'], latencyMs: 42.4 } }),
    });
    renderPanel(fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Setup' }));
    const setup = screen.getByRole('region', { name: 'Setup' });
    await user.click(within(setup).getByRole('radio', { name: 'OpenAI' }));
    expect((within(setup).getByLabelText('Base URL') as HTMLInputElement).value).toBe('https://api.openai.com/v1');
    expect((within(setup).getByLabelText('Key variable') as HTMLInputElement).value).toBe('OPENAI_API_KEY');
    const key = within(setup).getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password'); // a typed key is never shown
    await user.type(key, 'sk-test-123');

    await user.click(within(setup).getByRole('button', { name: 'Test connection' }));
    expect((await within(setup).findByRole('status')).textContent).toBe('Connected in 42 ms: 2 model(s)');
    expect(fake.calls.find((c) => c.method === 'config.listModels')?.input).toEqual({ baseURL: 'https://api.openai.com/v1', apiKey: 'sk-test-123', provider: 'openai' });
    const model = within(setup).getByLabelText('Model') as HTMLSelectElement;
    expect([...model.options].map((o) => o.value)).toEqual(['gpt-4.1-mini', 'gpt-4.1']);
    expect(model.value).toBe('gpt-4.1-mini');
  });

  it('shows why a connection test failed', async () => {
    const fake = fakeApi({
      'config.detectLocal': () => ({ ok: true, value: [] }),
      'config.listModels': () => ({ ok: false, error: { kind: 'model', message: '401 Unauthorized: invalid key' } }),
    });
    renderPanel(fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Setup' }));
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('alert')).textContent).toBe('401 Unauthorized: invalid key');
  });
});

describe('config view', () => {
  it('shows where the config lives and whether keys are set, never the keys themselves', async () => {
    const withKey = { name: 'openai', baseURL: 'https://api.openai.com/v1', model: 'gpt-4.1-mini', apiKeySet: true };
    // Even if a key slipped into the reply, the view has no place that would print it.
    const leaky = { ...withKey, apiKey: 'sk-live-SECRET' };
    const fake = fakeApi({
      'config.get': () => ({
        ok: true,
        value: config([leaky, { name: 'openrouter', baseURL: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4.1', apiKeyEnv: 'OPENROUTER_API_KEY', apiKeySet: false }]),
      }),
    });
    renderPanel(fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Config' }));
    const view = screen.getByRole('region', { name: 'Configuration' });
    await within(view).findByText('/home/me/.config/paragents/config.json');
    const rows = within(view).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('openaihttps://api.openai.com/v1gpt-4.1-miniset (hidden)');
    expect(rows).toContain('openrouterhttps://openrouter.ai/api/v1openai/gpt-4.1from $OPENROUTER_API_KEY');
    expect(within(view).getByText('openrouter', { selector: 'dd' })).toBeTruthy(); // the fallback chain
    expect(document.body.textContent).not.toContain('SECRET');
  });
});

describe('permissions view', () => {
  const allowed: PolicyDecision = { decision: 'auto_approved', rule: 'Bash(git status)', source: 'project', reason: 'matches an allow rule' };
  const asked: PolicyDecision = { decision: 'needs_approval', rule: null, source: 'mode', reason: 'writes ask in default mode' };

  it('lists the effective rules with their files and checks a call: decision, rule and source', async () => {
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'api' })] }),
      'policy.rules': () => ({
        ok: true,
        value: {
          workspace: '/w/one', trusted: true, mode: 'default', modeSource: 'default',
          rules: [
            { rule: 'Bash(git status)', effect: 'allow', source: 'project', file: '/w/one/.paragents/settings.json' },
            { rule: 'Read(~/.ssh/**)', effect: 'deny', source: 'managed', file: '/etc/paragents/managed-settings.json' },
          ],
          problems: [],
        },
      }),
      'policy.check': ({ input }) => ({ ok: true, value: 'command' in input ? allowed : asked }),
    });
    renderPanel(fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Permissions' }));
    const view = screen.getByRole('region', { name: 'Permissions' });
    await within(view).findByText('Bash(git status)');
    expect(within(view).getByText(/Workspace \/w\/one is trusted · mode default/)).toBeTruthy();
    const rows = within(view).getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows).toContain('Bash(git status)allowproject settings /w/one/.paragents/settings.json');
    expect(rows).toContain('Read(~/.ssh/**)denymanaged settings /etc/paragents/managed-settings.json');

    await user.click(within(view).getByRole('button', { name: 'Check' }));
    expect((await within(view).findByRole('status')).textContent).toBe('auto-approved by `Bash(git status)` from project settings — matches an allow rule');
    expect(fake.calls.filter((c) => c.method === 'policy.check').at(-1)?.input).toEqual({ session: 'sess-1', tool: 'Bash', input: { command: 'git status' } });

    await user.selectOptions(within(view).getByRole('combobox', { name: 'Tool' }), 'Write');
    const arg = within(view).getByRole('textbox', { name: 'Command, path or JSON input' });
    await user.clear(arg);
    await user.type(arg, 'src/app.ts');
    await user.click(within(view).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(within(view).getByRole('status').textContent).toBe('approval asked by the permission mode — writes ask in default mode'));
    expect(fake.calls.filter((c) => c.method === 'policy.check').at(-1)?.input).toEqual({ session: 'sess-1', tool: 'Write', input: { path: 'src/app.ts' } });

    await user.selectOptions(within(view).getByRole('combobox', { name: 'Tool' }), 'WebFetch');
    await user.clear(arg);
    await user.type(arg, 'https://docs.example.com/guide');
    await user.click(within(view).getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'policy.check').at(-1)?.input).toEqual({ session: 'sess-1', tool: 'WebFetch', input: { url: 'https://docs.example.com/guide' } }),
    );
  });

  it('trusts an untrusted workspace from the view and shows the rules again', async () => {
    let trusted = false;
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'api' })] }),
      'policy.rules': () => ({ ok: true, value: { workspace: '/w/one', trusted, mode: 'default', modeSource: 'default', rules: [], problems: [] } }),
      'workspace.trust': ({ workspace, trusted: t }) => {
        trusted = t;
        return { ok: true, value: { workspace, trusted: t } };
      },
    });
    renderPanel(fake);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Permissions' }));
    const view = screen.getByRole('region', { name: 'Permissions' });
    await within(view).findByText(/Workspace \/w\/one is not trusted/);
    expect(within(view).getByText(/allow rules, mode and hooks are ignored/)).toBeTruthy();
    await user.click(within(view).getByRole('button', { name: 'Trust this workspace' }));
    await within(view).findByText(/Workspace \/w\/one is trusted/);
    expect(fake.calls.filter((c) => c.method === 'workspace.trust').map((c) => c.input)).toEqual([{ workspace: '/w/one', trusted: true }]);
    expect(within(view).getByRole('button', { name: 'Stop trusting this workspace' })).toBeTruthy();
  });

  it('reports allow rules that grant nothing, with their files, apart from other settings problems', async () => {
    const user = '/home/me/.config/paragents/settings.json';
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one', { name: 'api' })] }),
      'policy.rules': () => ({
        ok: true,
        value: {
          workspace: '/w/one', trusted: true, mode: 'default', modeSource: 'default',
          rules: [{ rule: 'mcp__github', effect: 'allow', source: 'user', file: user }],
          problems: [
            { file: user, message: 'permissions.allow[0]: "mcp__*" is ineffective: a tool-name glob …', ineffectiveRule: 'mcp__*' },
            { file: '/w/one/.paragents/settings.json', message: 'permissions.allowed: unknown key', ineffectiveRule: null },
          ],
        },
      }),
    });
    renderPanel(fake);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Permissions' }));
    const view = screen.getByRole('region', { name: 'Permissions' });
    const table = await within(view).findByRole('table', { name: 'Ineffective rules' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent).slice(1)).toEqual([
      `mcp__*permissions.allow[0]: "mcp__*" is ineffective: a tool-name glob …${user}`,
    ]);
    expect(within(view).getByRole('list', { name: 'Settings problems' }).textContent).toBe(
      '/w/one/.paragents/settings.json: permissions.allowed: unknown key',
    );
  });
});
