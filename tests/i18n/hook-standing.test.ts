// Why a configured hook does not run, as the engine words it for hooks.list (the panel's Hooks view and
// `paragents hooks list` show it): each sentence comes as data and reads in 简体中文; a sentence that came without
// its Msg is shown whole, as written, never half translated.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { english, msg, render, shownText, translate } from '../../shared/i18n';
import { expectAsData, HAN } from './reason-check';
import { unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { hookSettings, writeJson } from '../hooks/helpers';

const fx = useEngineFixture({ script: { rules: [] }, engine: { env: { PATH: process.env.PATH } } });

it('says in 简体中文 why a project hook does not run: untrusted, not approved, managed settings only', async () => {
  const home = fx.home();
  const ws = tempDir();
  writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: 'true' }] }));
  let engine = await fx.open({ home });
  // The English (what `--json` reads) is the sentence as before; the panel and the CLI render the Msg beside it.
  const standing = async () => {
    const h = unwrap(await engine.handlers['hooks.list']({ workspace: ws })).hooks[0]!;
    expect(h.reason, JSON.stringify(h)).not.toBeNull();
    // The commands to type stay as written.
    const zh = expectAsData(h.reason ?? '', h.reasonMsg, [ws, 'paragents workspace trust', 'paragents hooks list', 'paragents hooks approve']);
    return { en: h.reason, zh };
  };

  const untrusted = await standing();
  expect(untrusted.en).toBe(`the workspace is not trusted (paragents workspace trust ${ws})`);
  expect(untrusted.zh).toBe(translate('zh-CN', 'notices.hook.untrusted', { workspace: ws }));

  unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  const waiting = await standing();
  expect(waiting.en).toBe(`not approved yet: see it with paragents hooks list --workspace ${ws}, then paragents hooks approve`);
  expect(waiting.zh).toBe(translate('zh-CN', 'notices.hook.waitingApproval', { workspace: ws }));
  await fx.close(engine);

  // Managed settings that run only their own hooks.
  writeJson(join(home, 'managed-settings.json'), { allowManagedHooksOnly: true });
  engine = await fx.open({ home, env: { PATH: process.env.PATH, PARAGENTS_MANAGED_SETTINGS: join(home, 'managed-settings.json') } });
  const managed = await standing();
  expect(managed.en).toBe('managed settings allow only their own hooks (allowManagedHooksOnly)');
  expect(managed.zh).toBe(translate('zh-CN', 'notices.hook.managedOnly'));
});

it('renders "session REF" inside a reason from its Msg, and shows a sentence about a session that came without one whole', () => {
  const session = msg('reasons.session', { name: '9fd5b2' });
  expect(english(session)).toBe('session 9fd5b2');
  expect(render('zh-CN', session)).toBe(translate('zh-CN', 'reasons.session', { name: '9fd5b2' }));
  expect(render('zh-CN', session)).toMatch(HAN);
  // No Msg (stored before, or said by a tool): shown as written, not half translated.
  const unknown = 'session 9fd5b2 waits for nothing in particular (it works directly in /w)';
  expect(shownText('zh-CN', unknown)).toBe(unknown);
});
