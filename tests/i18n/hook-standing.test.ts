// Why a configured hook does not run, as the engine words it for hooks.list (the panel's Hooks view and
// `paragents hooks list` show it): each sentence reads in 简体中文, and an unknown sentence about a session is left
// whole rather than half translated.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../main/core/engine';
import { english, render, translate, translateReason } from '../../shared/i18n';
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
  // The English (what `--json` reads) is the sentence as before; the panel and the CLI render the Msg beside it.
  const standing = async () => {
    const h = unwrap(await engine!.handlers['hooks.list']({ workspace: ws })).hooks[0]!;
    expect(h.reasonMsg, JSON.stringify(h)).toBeDefined();
    expect(english(h.reasonMsg!)).toBe(h.reason);
    return { en: h.reason, zh: render('zh-CN', h.reasonMsg!) };
  };

  const untrusted = await standing();
  expect(untrusted.en).toBe(`the workspace is not trusted (paragents workspace trust ${ws})`);
  expect(untrusted.zh).toBe(translate('zh-CN', 'notices.hook.untrusted', { workspace: ws }));

  unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  const waiting = await standing();
  expect(waiting.en).toBe(`not approved yet: see it with paragents hooks list --workspace ${ws}, then paragents hooks approve`);
  expect(waiting.zh).toBe(translate('zh-CN', 'notices.hook.waitingApproval', { workspace: ws }));
  await engine.close();

  // Managed settings that run only their own hooks.
  writeJson(join(home, 'managed-settings.json'), { allowManagedHooksOnly: true });
  engine = await createEngine({ home, env: { PATH: process.env.PATH, PARAGENTS_MANAGED_SETTINGS: join(home, 'managed-settings.json') }, approvals: 'all' });
  const managed = await standing();
  expect(managed.en).toBe('managed settings allow only their own hooks (allowManagedHooksOnly)');
  expect(managed.zh).toBe(translate('zh-CN', 'notices.hook.managedOnly'));
});

it('translates "session REF" inside a reason, but leaves an unknown sentence about a session whole', () => {
  expect(translateReason('zh-CN', 'session 9fd5b2')).toBe(translate('zh-CN', 'reasons.session', { name: '9fd5b2' }));
  // A sentence no template knows (not isolated, closed… have their own): it stays whole.
  const unknown = 'session 9fd5b2 waits for nothing in particular (it works directly in /w)';
  expect(translateReason('zh-CN', unknown)).toBe(unknown);
});
