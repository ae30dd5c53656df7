import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../../main/core/engine';
import { runCli } from '../helpers/cli';
import { closedPort } from '../model/helpers';
import { startModelsEndpoint, type ModelsEndpoint } from '../helpers/models-endpoint';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let endpoint: ModelsEndpoint;
let dead: string;
beforeAll(async () => {
  endpoint = await startModelsEndpoint([{ id: 'served-model', object: 'model', owned_by: 'vllm', max_model_len: 16384 }]);
  dead = `http://127.0.0.1:${await closedPort()}/v1`;
});
afterAll(async () => {
  await endpoint.close();
  cleanupTempDirs();
});

/** A data folder with one provider per source of the window: the endpoint, config.json, the table, the default. */
function home(): string {
  const dir = tempDir('paragents-home-');
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      providers: [
        { name: 'vllm', baseURL: endpoint.url, model: 'served-model' },
        { name: 'pinned', baseURL: dead, model: 'served-model', contextWindow: 50_000, maxOutputTokens: 1000 },
        { name: 'openai', baseURL: dead, model: 'gpt-4o-mini', apiKeyEnv: 'OPENAI_API_KEY' },
        { name: 'odd', baseURL: dead, model: 'brand-new-model' },
      ],
      defaultProvider: 'vllm',
      fallback: ['openai'],
      compaction: { threshold: 0.75 },
    }),
  );
  return dir;
}

describe('paragents config show', () => {
  it('prints each provider\'s context window and where it came from', async () => {
    const r = await runCli(['config', 'show'], { home: home() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const after = (provider: string): string[] => lines.slice(lines.findIndex((l) => l.startsWith(`provider ${provider}:`)) + 1).slice(0, 2);
    expect(after('vllm')).toEqual(["  contextWindow: 16384 (from the endpoint's model list)", '  maxOutputTokens: 4096 (global)']);
    expect(after('pinned')).toEqual(['  contextWindow: 50000 (from config.json)', '  maxOutputTokens: 1000']);
    expect(after('openai')).toEqual(['  contextWindow: 128000 (from the built-in table of model families)', '  maxOutputTokens: 4096 (global)']);
    expect(after('odd')).toEqual([
      '  contextWindow: 8192 (a conservative default; set contextWindow for this provider in config.json)',
      '  maxOutputTokens: 4096 (global)',
    ]);
    expect(r.stdout).toContain('compaction: at 75 % of the window, 20 % of it for your own prompts');
    expect(r.stdout).toContain('auto-resume of interrupted turns: within 10 min of a restart');
  });

  it('--json carries the windows as contextWindows', async () => {
    const r = await runCli(['config', 'show', '--json'], { home: home() });
    expect(r.code).toBe(0);
    const view = JSON.parse(r.stdout) as { contextWindows: unknown[] };
    expect(view.contextWindows).toEqual([
      { provider: 'vllm', model: 'served-model', tokens: 16384, source: 'endpoint' },
      { provider: 'pinned', model: 'served-model', tokens: 50_000, source: 'config' },
      { provider: 'openai', model: 'gpt-4o-mini', tokens: 128_000, source: 'table' },
      { provider: 'odd', model: 'brand-new-model', tokens: 8192, source: 'default' },
    ]);
  });
});

describe('config.get', () => {
  it('answers with each provider\'s window, reading an endpoint\'s model list once per engine', async () => {
    const before = endpoint.requests.length;
    const engine = await createEngine({ home: home(), env: {}, recover: false });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await engine.handlers['config.get']({});
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value.contextWindows?.map((w) => [w.provider, w.tokens, w.source])).toEqual([
          ['vllm', 16384, 'endpoint'], ['pinned', 50_000, 'config'], ['openai', 128_000, 'table'], ['odd', 8192, 'default'],
        ]);
      }
      expect(endpoint.requests.length - before).toBe(1);
    } finally {
      await engine.close();
    }
  });
});
