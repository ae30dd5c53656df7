import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createTerminalAsker } from '../../main/cli/ask';
import type { CliIo } from '../../main/cli/io';
import { cliLang } from '../../main/cli/lang';
import { createEngine, type Engine } from '../../main/core/engine';
import type { EngineEvent } from '../../shared/events';
import { effectiveLang, english, readLanguageSetting, render, resolveLang, translator } from '../../shared/i18n';
import { runCli } from '../helpers/cli';
import { ADA, startHarness, type Harness } from '../gateway/harness';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let engine: Engine | null = null;
let gateway: Harness | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  await gateway?.close();
  gateway = null;
  cleanupTempDirs();
});

/** A data folder whose config.json holds `config` as written. */
function homeWith(config: Record<string, unknown> | null): string {
  const home = tempDir('paragents-lang-');
  if (config) writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  return home;
}

describe('resolution order: PARAGENTS_LANG, then the setting unless system, then the system', () => {
  it('puts PARAGENTS_LANG first, then config.json, then the locale variables', () => {
    expect(resolveLang({ PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' }, 'zh-CN')).toBe('en');
    expect(resolveLang({ PARAGENTS_LANG: 'zh-CN' }, 'en')).toBe('zh-CN');
    expect(resolveLang({ LANG: 'en_US.UTF-8' }, 'zh-CN')).toBe('zh-CN');
    expect(resolveLang({ LC_ALL: 'zh_CN.UTF-8' }, 'en')).toBe('en');
    expect(resolveLang({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' }, 'system')).toBe('zh-CN');
    expect(resolveLang({}, 'system')).toBe('en');
    // A PARAGENTS_LANG that names no catalog language overrides nothing.
    expect(resolveLang({ PARAGENTS_LANG: 'fr', LANG: 'en_US.UTF-8' }, 'zh-CN')).toBe('zh-CN');
  });

  it('asks the system only when nothing above it decides', () => {
    let asked = 0;
    const system = () => {
      asked++;
      return 'zh-CN' as const;
    };
    expect(effectiveLang('en', 'zh-CN', system)).toBe('en');
    expect(effectiveLang(null, 'en', system)).toBe('en');
    expect(asked).toBe(0);
    expect(effectiveLang(undefined, 'system', system)).toBe('zh-CN');
    expect(asked).toBe(1);
  });

  it('reads a wrong value as system, with one sentence naming the file and language', () => {
    expect(readLanguageSetting('/h/config.json', undefined)).toEqual({ setting: 'system', problem: null });
    expect(readLanguageSetting('/h/config.json', 'zh-CN')).toEqual({ setting: 'zh-CN', problem: null });
    const bad = readLanguageSetting('/h/config.json', 'fr');
    expect(bad.setting).toBe('system');
    expect(bad.problem).toBe('/h/config.json: language: "fr" is not one of system, en, zh-CN, so the system\'s language is used.');
    expect(readLanguageSetting('/h/config.json', 7).problem).toContain('language: 7 is not one of');
  });
});

describe('the engine keeps the setting in config.json', () => {
  it('writes language into config.json, keeps the other settings, reads it back, and removes it for system', async () => {
    const home = homeWith({ concurrency: 3, providers: [{ name: 'p', baseURL: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k' }] });
    engine = await createEngine({ home, env: { PARAGENTS_LANG: undefined }, recover: false });
    const h = engine.handlers;
    expect(unwrap(await h['config.language']({}))).toEqual({ setting: 'system', override: null, problem: null });

    expect(unwrap(await h['config.setLanguage']({ language: 'zh-CN' }))).toEqual({ setting: 'zh-CN', override: null, problem: null });
    const file = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(file.language).toBe('zh-CN');
    expect(file.concurrency).toBe(3);
    expect((file.providers as { apiKey: string }[])[0]?.apiKey).toBe('k');

    // A second engine on the same folder (another window, the browser host after a restart) reads the same.
    await engine.close();
    engine = await createEngine({ home, env: {}, recover: false });
    expect(unwrap(await engine.handlers['config.language']({})).setting).toBe('zh-CN');
    // The rest of the config still loads with the setting in it.
    expect(unwrap(await engine.handlers['config.get']({})).concurrency).toBe(3);

    expect(unwrap(await engine.handlers['config.setLanguage']({ language: 'system' })).setting).toBe('system');
    expect('language' in (JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as object)).toBe(false);
  });

  it('reports PARAGENTS_LANG as the override and a wrong value as a problem, without breaking the rest of the config', async () => {
    const home = homeWith({ language: 'klingon', concurrency: 2, providers: [{ name: 'p', baseURL: 'http://127.0.0.1:9/v1', model: 'm' }] });
    engine = await createEngine({ home, env: { PARAGENTS_LANG: 'zh_CN.UTF-8' }, recover: false });
    const state = unwrap(await engine.handlers['config.language']({}));
    expect(state).toEqual({
      setting: 'system',
      override: 'zh-CN',
      problem: `${join(home, 'config.json')}: language: "klingon" is not one of system, en, zh-CN, so the system's language is used.`,
      problemMsg: expect.objectContaining({ key: 'engineErrors.config.languageNotSetting' }),
    });
    // The sentence travels as data beside its English, for the panel to paint in its language.
    expect(english(state.problemMsg!)).toBe(state.problem);
    expect(render('zh-CN', state.problemMsg!)).toMatch(/\p{Script=Han}/u);
    expect(unwrap(await engine.handlers['config.get']({})).concurrency).toBe(2);
    // Choosing a language replaces the wrong value.
    expect(unwrap(await engine.handlers['config.setLanguage']({ language: 'en' }))).toEqual({ setting: 'en', override: 'zh-CN', problem: null });
  });

  it('refuses a value that is not a setting at the contract', async () => {
    engine = await createEngine({ home: homeWith(null), env: {}, recover: false });
    const { requests } = await import('../../shared/api');
    expect(requests['config.setLanguage'].input.safeParse({ language: 'fr' }).success).toBe(false);
    expect(requests['config.setLanguage'].input.safeParse({ language: 'system' }).success).toBe(true);
  });
});

describe('the CLI follows config.json unless PARAGENTS_LANG says otherwise', () => {
  const requested = {
    seq: 1, ts: '2026-12-01T00:00:00.000Z', sessionId: 's1', sessionRef: 'aaaaaa', sessionName: 'notes', promptId: 'p1', promptRef: 'bbbbbb',
    type: 'approval_requested', approvalId: 'a1', approvalRef: 'cccccc', callId: 'call-1', tool: 'Write', input: { path: 'notes.md' },
    decision: { decision: 'needs_approval', rule: null, source: 'mode', reason: 'writing /w/notes.md needs approval in default mode' },
    alwaysRule: null,
  } as Extract<EngineEvent, { type: 'approval_requested' }>;

  /** The first line the terminal asker writes for one approval, with this environment and data folder. */
  function question(env: CliIo['env'], home: string): string {
    const stderr: string[] = [];
    const io: CliIo = { stdin: new PassThrough(), stdout: () => undefined, stderr: (l) => stderr.push(l), env, home };
    const asker = createTerminalAsker(io, async () => ({ ok: true, value: null }));
    asker.ask(requested);
    asker.close();
    return stderr.join('\n');
  }

  it('asks in 简体中文 with language zh-CN and an English locale; PARAGENTS_LANG=en wins', () => {
    const home = homeWith({ language: 'zh-CN' });
    expect(question({ LANG: 'en_US.UTF-8' }, home)).toContain('允许吗？[y] 允许一次');
    const english = question({ PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' }, home);
    expect(english).toContain('approval cccccc');
    expect(english).not.toContain('允许');
    // Without the setting the locale decides, as before.
    expect(question({ LANG: 'en_US.UTF-8' }, homeWith(null))).not.toContain('允许');
  });

  it('runs a real command in 简体中文 from the setting alone; PARAGENTS_LANG=en wins over it', async () => {
    const home = homeWith({ language: 'zh-CN' });
    const zh = await runCli(['sessions', 'list'], { home, env: { LANG: 'en_US.UTF-8' } });
    expect(zh.stdout.trim()).toBe(translator('zh-CN')('cliSessions.list.none'));
    const en = await runCli(['sessions', 'list'], { home, env: { PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' } });
    expect(en.stdout.trim()).toBe(translator('en')('cliSessions.list.none'));
    expect(zh.stdout.trim()).not.toBe(en.stdout.trim());
  });

  it('says a wrong value once on stderr and follows the locale', () => {
    const home = homeWith({ language: 'zh' });
    const stderr: string[] = [];
    const io = { env: { LANG: 'zh_CN.UTF-8' }, home, stderr: (l: string) => stderr.push(l) };
    expect(cliLang(io)).toBe('zh-CN');
    expect(cliLang({ ...io, env: { LANG: 'en_US.UTF-8' } })).toBe('en');
    // Said in the language the command falls back to (the locale's), from the sentence's Msg.
    expect(stderr).toEqual([`warning: ${join(home, 'config.json')}：language："zh" 不是 system, en, zh-CN 之一，因此使用系统的语言。`]);
  });
});

describe('the Telegram gateway follows config.json unless PARAGENTS_LANG says otherwise', () => {
  it('answers in 简体中文 once the setting says zh-CN (read when the gateway starts)', async () => {
    gateway = await startHarness({ noToken: true, env: { LANG: 'en_US.UTF-8' } });
    const h = gateway;
    unwrap(await h.engine.handlers['config.setLanguage']({ language: 'zh-CN' }));
    // Setting the token starts the gateway, which picks its language then.
    unwrap(await h.engine.handlers['gateway.setToken']({ gateway: 'telegram', token: h.telegram.token }));
    await h.pair(ADA);
    expect((await h.message(ADA, 'the pairing reply', (m) => m.text.startsWith('✅'))).text).toContain('已配对');
  });

  it('keeps English under PARAGENTS_LANG=en whatever the setting', async () => {
    gateway = await startHarness({ noToken: true, env: { PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' } });
    const h = gateway;
    unwrap(await h.engine.handlers['config.setLanguage']({ language: 'zh-CN' }));
    unwrap(await h.engine.handlers['gateway.setToken']({ gateway: 'telegram', token: h.telegram.token }));
    await h.pair(ADA);
    expect((await h.message(ADA, 'the pairing reply', (m) => m.text.startsWith('✅'))).text).toContain('Paired.');
  });
});
