import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../main/core/config/load';
import { tempHome } from './helpers';

let t: ReturnType<typeof tempHome>;
beforeEach(() => {
  t = tempHome();
});
afterEach(() => t.cleanup());

const local = { name: 'local', baseURL: 'http://127.0.0.1:8080/v1', model: 'qwen' };
const cloud = { name: 'cloud', baseURL: 'https://api.example.com/v1', model: 'big', apiKeyEnv: 'CLOUD_KEY' };

function errorOf(env: Record<string, string> = {}): string {
  const result = loadConfig({ home: t.home, env });
  expect(result.ok).toBe(false);
  return result.ok ? '' : `${result.error.kind}: ${result.error.message}`;
}

describe('loadConfig', () => {
  it('loads providers with defaults filled in, default first then fallback order', () => {
    const path = t.write({ providers: [cloud, local, { ...local, name: 'unused' }], defaultProvider: 'local', fallback: ['cloud'] });
    const result = loadConfig({ home: t.home, env: { CLOUD_KEY: 'ck' } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.path).toBe(path);
    expect(result.value.home).toBe(t.home);
    expect(result.value.config).toMatchObject({ concurrency: 4, maxRetries: 3, requestTimeoutMs: 120_000 });
    expect(result.value.providers.map((p) => [p.name, p.apiKey])).toEqual([['local', null], ['cloud', 'ck']]);
    expect(result.value.envApplied).toEqual([]);
  });

  it('names the file, the setting and the problem for invalid settings', () => {
    const path = t.write({ providers: [{ ...local, baseURL: 'not a url' }], concurrency: 0 });
    const message = errorOf();
    expect(message).toContain(`config: ${path}: providers[0].baseURL: Invalid URL`);
    expect(message).toMatch(new RegExp(`${path}: concurrency: Too small`));
  });

  it('names unknown keys', () => {
    const path = t.write({ providers: [local], concurency: 8 });
    expect(errorOf()).toMatch(new RegExp(`${path}: \\(top level\\): Unrecognized key: "concurency"`));
  });

  it('gives line and column for JSON syntax errors', () => {
    const path = t.write('{\n  "providers": [],\n  "maxSteps": ,\n}');
    expect(errorOf()).toBe(`config: ${path}: invalid JSON at line 3, column 15: Unexpected token ','`);
    t.write('{\n  "providers": [\n');
    expect(errorOf()).toBe(`config: ${path}: invalid JSON at line 3, column 1: Unexpected end of JSON input`);
    t.write('{"a": 1,}');
    expect(errorOf()).toBe(`config: ${path}: invalid JSON at line 1, column 9: Expected double-quoted property name`);
  });

  it('rejects references to providers that do not exist', () => {
    const path = t.write({ providers: [local], defaultProvider: 'nope' });
    expect(errorOf()).toBe(`config: ${path}: defaultProvider: no provider named "nope" (have: local)`);
    t.write({ providers: [local], fallback: ['local', 'gone'] });
    expect(errorOf()).toBe(`config: ${path}: fallback[1]: no provider named "gone" (have: local)`);
  });

  it('without file or env, says which file and which variables to set', () => {
    const message = errorOf();
    expect(message).toContain(`config: ${t.home}/config.json: no model provider configured`);
    expect(message).toContain('PARAGENTS_MODEL');
    expect(message).toContain('OPENAI_BASE_URL');
    expect(message).toContain('OPENAI_API_KEY');
  });

  it('synthesises an "env" provider from the environment when there is no file', () => {
    const result = loadConfig({ home: t.home, env: { PARAGENTS_MODEL: 'gpt-x', OPENAI_API_KEY: 'sk-env' } });
    expect(result.ok && result.value.providers).toEqual([
      { name: 'env', baseURL: 'https://api.openai.com/v1', model: 'gpt-x', apiKey: 'sk-env', apiKeyEnv: 'OPENAI_API_KEY', headers: {} },
    ]);
    const local = loadConfig({ home: t.home, env: { PARAGENTS_MODEL: 'qwen', OPENAI_BASE_URL: 'http://127.0.0.1:1234/v1' } });
    expect(local.ok && local.value.providers[0]).toMatchObject({ name: 'env', baseURL: 'http://127.0.0.1:1234/v1', apiKey: null });
    expect(local.ok && local.value.envApplied).toEqual(['PARAGENTS_MODEL', 'OPENAI_BASE_URL']);
  });

  it('applies OPENAI_BASE_URL and PARAGENTS_MODEL to the default provider only', () => {
    t.write({ providers: [local, cloud], fallback: ['cloud'] });
    const result = loadConfig({ home: t.home, env: { OPENAI_BASE_URL: 'http://10.0.0.2:9000/v1', PARAGENTS_MODEL: 'llama' } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.providers.map((p) => [p.name, p.baseURL, p.model])).toEqual([
      ['local', 'http://10.0.0.2:9000/v1', 'llama'],
      ['cloud', 'https://api.example.com/v1', 'big'],
    ]);
    expect(result.value.config.providers[0]).toMatchObject({ baseURL: 'http://10.0.0.2:9000/v1', model: 'llama' });
    expect(result.value.envApplied).toEqual(['OPENAI_BASE_URL', 'PARAGENTS_MODEL']);
  });

  it('rejects an invalid OPENAI_BASE_URL naming the variable', () => {
    t.write({ providers: [local] });
    expect(errorOf({ OPENAI_BASE_URL: 'localhost:1234' })).toBe(
      'config: environment: OPENAI_BASE_URL: Invalid URL ("localhost:1234"); expected http://… or https://…',
    );
  });

  it('rejects a provider URL without http(s) scheme, naming the setting', () => {
    const path = t.write({ providers: [local, { ...cloud, baseURL: 'localhost:1234/v1' }] });
    expect(errorOf()).toBe(`config: ${path}: providers[1].baseURL: must start with http:// or https:// (got "localhost:1234/v1")`);
  });

  it('resolves keys: apiKey, then the apiKeyEnv variable, then OPENAI_API_KEY for the default provider only', () => {
    t.write({
      providers: [{ ...local, apiKey: 'literal', apiKeyEnv: 'LOCAL_KEY' }, cloud, { ...local, name: 'third' }],
      fallback: ['cloud', 'third'],
    });
    const keys = (env: Record<string, string>) => {
      const r = loadConfig({ home: t.home, env });
      return r.ok ? r.value.providers.map((p) => p.apiKey) : r.error.message;
    };
    expect(keys({ LOCAL_KEY: 'from-env', CLOUD_KEY: 'ck', OPENAI_API_KEY: 'oa' })).toEqual(['literal', 'ck', null]);
    t.write({ providers: [{ ...local, apiKeyEnv: 'LOCAL_KEY' }, cloud], fallback: ['cloud'] });
    expect(keys({ LOCAL_KEY: 'from-env', OPENAI_API_KEY: 'oa' })).toEqual(['from-env', null]);
    expect(keys({ OPENAI_API_KEY: 'oa' })).toEqual(['oa', null]);
    expect(keys({ LOCAL_KEY: '', OPENAI_API_KEY: '' })).toEqual([null, null]);
  });
});
