import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../main/core/config/load';
import { redactConfig } from '../../main/core/config/redact';
import { runCli } from '../helpers/cli';
import { tempHome } from './helpers';

let t: ReturnType<typeof tempHome>;
beforeEach(() => {
  t = tempHome();
});
afterEach(() => t.cleanup());

const local = { name: 'local', baseURL: 'http://127.0.0.1:8080/v1', model: 'qwen' };

function errorOf(): string {
  const result = loadConfig({ home: t.home, env: {} });
  expect(result.ok).toBe(false);
  return result.ok ? '' : `${result.error.kind}: ${result.error.message}`;
}

describe('agents block of config.json', () => {
  it('defaults to 4 children, depth 1 and 2 integration attempts; a partial block keeps the other defaults', () => {
    t.write({ providers: [local] });
    const plain = loadConfig({ home: t.home, env: {} });
    expect(plain.ok && plain.value.config.agents).toEqual({ maxChildren: 4, maxDepth: 1, maxIntegrationAttempts: 2 });
    t.write({ providers: [local], agents: { maxChildren: 8, maxDepth: 0 } });
    const partial = loadConfig({ home: t.home, env: {} });
    expect(partial.ok && partial.value.config.agents).toEqual({ maxChildren: 8, maxDepth: 0, maxIntegrationAttempts: 2 });
    expect(partial.ok && redactConfig(partial.value).agents).toEqual({ maxChildren: 8, maxDepth: 0, maxIntegrationAttempts: 2 });
  });

  it('names the file and the key of a bad value', () => {
    const path = t.write({ providers: [local], agents: { maxChildren: 0 } });
    expect(errorOf()).toMatch(new RegExp(`^config: ${path}: agents\\.maxChildren: Too small`));
    t.write({ providers: [local], agents: { maxDepth: -1 } });
    expect(errorOf()).toMatch(new RegExp(`^config: ${path}: agents\\.maxDepth: Too small`));
    t.write({ providers: [local], agents: { maxIntegrationAttempts: 1.5 } });
    expect(errorOf()).toMatch(new RegExp(`^config: ${path}: agents\\.maxIntegrationAttempts: `));
    t.write({ providers: [local], agents: { maxChildren: '4' } });
    expect(errorOf()).toMatch(new RegExp(`^config: ${path}: agents\\.maxChildren: `));
    t.write({ providers: [local], agents: { maxKids: 2 } });
    expect(errorOf()).toMatch(new RegExp(`^config: ${path}: agents: Unrecognized key: "maxKids"`));
  });

  it('paragents config show prints the effective limits', async () => {
    t.write({ providers: [local], agents: { maxChildren: 3 } });
    const r = await runCli(['config', 'show'], { home: t.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('agents: at most 3 children per parent at once, depth 1, 2 integration attempts');
    const json = await runCli(['config', 'show', '--json'], { home: t.home });
    expect((JSON.parse(json.stdout) as { agents: unknown }).agents).toEqual({ maxChildren: 3, maxDepth: 1, maxIntegrationAttempts: 2 });
  });
});
