// Why a configured hook does not run, as the engine words it for hooks.list (the panel's Hooks view and
// `paragents hooks list` show it): each sentence reads in 简体中文, and an unknown sentence about a session is left
// whole rather than half translated.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../main/core/engine';
import { translate, translateReason } from '../../shared/i18n';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { hookSettings, writeJson } from '../hooks/helpers';

let server: ModelServer;
let engine: Engine | null = null;

beforeEach(async () => {
  server = await startModelServer({ script: { rules: [] } });
});
afterEach(async () => {
  await engine?.close();
  engine = null;
  await server.close();
  cleanupTempDirs();
});

it('says in 简体中文 why a project hook does not run: untrusted, not approved, managed settings only', async () => {
  const home = makeHome(server.url);
  const ws = tempDir();
  writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: 'true' }] }));
  engine = await createEngine({ home, env: { PATH: process.env.PATH }, approvals: 'all' });
  const reason = async (): Promise<string> => unwrap(await engine!.handlers['hooks.list']({ workspace: ws })).hooks[0]?.reason ?? '';

  const untrusted = await reason();
  expect(translateReason('zh-CN', untrusted)).toBe(translate('zh-CN', 'notices.hook.untrusted', { workspace: ws }));
  expect(translate('en', 'notices.hook.untrusted', { workspace: ws })).toBe(untrusted);

  unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  const waiting = await reason();
  expect(translateReason('zh-CN', waiting)).toBe(translate('zh-CN', 'notices.hook.waitingApproval', { workspace: ws }));
  expect(translate('en', 'notices.hook.waitingApproval', { workspace: ws })).toBe(waiting);
  await engine.close();

  // Managed settings that run only their own hooks.
  writeJson(join(home, 'managed-settings.json'), { allowManagedHooksOnly: true });
  engine = await createEngine({ home, env: { PATH: process.env.PATH, PARAGENTS_MANAGED_SETTINGS: join(home, 'managed-settings.json') }, approvals: 'all' });
  const managed = await reason();
  expect(managed).toBe(translate('en', 'notices.hook.managedOnly'));
  expect(translateReason('zh-CN', managed)).toBe(translate('zh-CN', 'notices.hook.managedOnly'));
});

it('translates "session REF" inside a reason, but leaves an unknown sentence about a session whole', () => {
  expect(translateReason('zh-CN', 'session 9fd5b2')).toBe(translate('zh-CN', 'reasons.session', { name: '9fd5b2' }));
  // A sentence no template knows (not isolated, closed… have their own): it stays whole.
  const unknown = 'session 9fd5b2 waits for nothing in particular (it works directly in /w)';
  expect(translateReason('zh-CN', unknown)).toBe(unknown);
});
