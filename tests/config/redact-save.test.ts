import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedactedConfig } from '../../shared/config';
import { loadConfig } from '../../main/core/config/load';
import { redactConfig } from '../../main/core/config/redact';
import { saveConfig } from '../../main/core/config/save';
import { tempHome } from './helpers';

let t: ReturnType<typeof tempHome>;
beforeEach(() => {
  t = tempHome();
});
afterEach(() => t.cleanup());

describe('redactConfig', () => {
  it('never includes key material, only whether a key is set', () => {
    t.write({
      providers: [
        { name: 'a', baseURL: 'http://127.0.0.1:1/v1', model: 'm', apiKey: 'sk-LITERAL-SECRET', headers: { 'X-Api-Key': 'sk-HEADER-SECRET', 'x-team': 'blue' } },
        { name: 'b', baseURL: 'http://127.0.0.1:2/v1', model: 'm', apiKeyEnv: 'B_KEY' },
        { name: 'c', baseURL: 'http://127.0.0.1:3/v1', model: 'm' },
      ],
      fallback: ['b', 'c'],
    });
    const loaded = loadConfig({ home: t.home, env: { B_KEY: 'sk-ENV-SECRET', OPENAI_API_KEY: 'sk-OPENAI-SECRET' } });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const redacted = redactConfig(loaded.value);
    expect(RedactedConfig.strict().parse(redacted)).toEqual(redacted);
    const text = JSON.stringify(redacted);
    for (const secret of ['LITERAL-SECRET', 'HEADER-SECRET', 'ENV-SECRET', 'OPENAI-SECRET']) expect(text).not.toContain(secret);
    expect(redacted.providers.map((p) => [p.name, p.apiKeySet])).toEqual([['a', true], ['b', true], ['c', false]]);
    expect(redacted.providers[0]?.headers).toEqual({ 'X-Api-Key': '(redacted)', 'x-team': 'blue' });
    expect(redacted.providers[1]?.apiKeyEnv).toBe('B_KEY');
    expect(redacted).toMatchObject({ path: join(t.home, 'config.json'), home: t.home, fallback: ['b', 'c'] });
  });

  it('shows an env-only setup with the key marked as set', () => {
    const loaded = loadConfig({ home: t.home, env: { PARAGENTS_MODEL: 'm', OPENAI_API_KEY: 'sk-OPENAI-SECRET' } });
    if (!loaded.ok) throw new Error(loaded.error.message);
    const redacted = redactConfig(loaded.value);
    expect(JSON.stringify(redacted)).not.toContain('SECRET');
    expect(redacted.providers).toEqual([{ name: 'env', baseURL: 'https://api.openai.com/v1', model: 'm', apiKeyEnv: 'OPENAI_API_KEY', apiKeySet: true }]);
  });
});

describe('saveConfig', () => {
  it('writes a config that loads back, leaving no temp files', () => {
    const home = join(t.home, 'nested', 'home');
    const saved = saveConfig(home, { providers: [{ name: 'x', baseURL: 'http://127.0.0.1:9/v1', model: 'm' }], concurrency: 8 });
    expect(saved).toEqual({ ok: true, value: join(home, 'config.json') });
    expect(readdirSync(home)).toEqual(['config.json']);
    expect(statSync(join(home, 'config.json')).mode & 0o777).toBe(0o600);
    const loaded = loadConfig({ home, env: {} });
    expect(loaded.ok && loaded.value.config.concurrency).toBe(8);
  });

  it('refuses an invalid config and leaves the existing file alone', () => {
    const path = t.write({ providers: [], maxSteps: 5 });
    const before = readFileSync(path, 'utf8');
    const saved = saveConfig(t.home, { providers: [{ name: 'x', baseURL: 'nope', model: 'm' }] });
    expect(saved).toMatchObject({ ok: false, error: { kind: 'invalid_input', message: `${path}: providers[0].baseURL: Invalid URL` } });
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readdirSync(t.home)).toEqual(['config.json']);
  });
});
