// What config.json, the data folder's lock and the setup handlers refuse with is a sentence as data: its Msg's
// English is the message byte for byte (what --json and the logs read), and it renders in Chinese for people.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { english, render } from '../../shared/i18n';
import { expectSentence, HAN } from '../helpers/sentence';
import type { AppError, Result } from '../../shared/result';
import { loadConfig, readLanguage, saveConfig } from '../../main/core/config';
import { readConfigFile } from '../../main/core/config/load';
import { lockHome } from '../../main/core/engine/home-lock';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

function home(config?: unknown): string {
  const h = mkdtempSync(join(tmpdir(), 'paragents-refusals-'));
  homes.push(h);
  if (config !== undefined) writeFileSync(join(h, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  return h;
}

/** The refusal, after checking that it carries its sentence as data whose English is its message. */
function refused(r: Result<unknown>, words: 'ours' | 'zod' = 'ours'): AppError {
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('expected a refusal');
  expect(r.error.msg, r.error.message).toBeDefined();
  expect(english(r.error.msg!)).toBe(r.error.message);
  // What zod said stays as written, so such a line differs in Chinese only in its own punctuation.
  if (words === 'ours') expect(render('zh-CN', r.error.msg!)).toMatch(HAN);
  else expect(render('zh-CN', r.error.msg!)).toContain('：');
  return r.error;
}

const provider = { name: 'p', baseURL: 'http://127.0.0.1:9/v1', model: 'm' };

describe('config.json refusals as data', () => {
  it('an unreadable, empty, invalid or ill-typed file names the file and what is wrong', () => {
    const folder = home();
    mkdirSync(join(folder, 'config.json'));
    expect(refused(readConfigFile(join(folder, 'config.json'))).message).toMatch(/config\.json: cannot read: EISDIR/);
    const empty = home('   ');
    expect(refused(loadConfig({ home: empty, env: {} })).message).toBe(`${join(empty, 'config.json')}: file is empty (expected a JSON object)`);
    const broken = home('{"providers": [}');
    expect(refused(loadConfig({ home: broken, env: {} })).message).toMatch(/config\.json: invalid JSON at line 1, column 16: Unexpected token/);
    const typed = home({ concurrency: 'four', providers: [provider] });
    expect(refused(loadConfig({ home: typed, env: {} }), 'zod').message).toMatch(/config\.json: concurrency: /);
  });

  it('a provider setting that cannot work is refused, naming the setting', () => {
    const none = home({});
    expect(refused(loadConfig({ home: none, env: {} })).message).toMatch(/: no model provider configured\./);
    expect(refused(loadConfig({ home: home({ providers: [{ ...provider, baseURL: 'localhost:1234/v1' }] }), env: {} })).message).toMatch(
      /providers\[0\]\.baseURL: must start with http:\/\/ or https:\/\//,
    );
    expect(refused(loadConfig({ home: home({ providers: [provider] }), env: { OPENAI_BASE_URL: 'nope' } })).message).toBe(
      'environment: OPENAI_BASE_URL: Invalid URL ("nope"); expected http://… or https://…',
    );
    expect(refused(loadConfig({ home: home({ providers: [provider], defaultProvider: 'q' }), env: {} })).message).toMatch(
      /defaultProvider: no provider named "q" \(have: p\)/,
    );
    expect(refused(loadConfig({ home: home({ providers: [provider, provider] }), env: {} })).message).toMatch(/"p"/);
  });

  it('a config that does not validate is not saved', () => {
    const h = home();
    expect(refused(saveConfig(h, { concurrency: -1 } as never), 'zod').message).toMatch(/config\.json: concurrency: /);
  });

  it('a wrong language carries the file problem as data when the file cannot be read', () => {
    const h = home('{');
    const state = readLanguage(h, {});
    expect(state.setting).toBe('system');
    expectSentence(state.problemMsg ?? undefined, state.problem as string);
  });
});

describe('the data folder lock refuses as data', () => {
  it('names the live process that holds the folder', () => {
    const h = home();
    // pid 1 always runs: the folder is held by someone else.
    writeFileSync(join(h, 'engine.lock'), '1');
    expect(refused(lockHome(h)).message).toContain('pid 1');
  });
});
