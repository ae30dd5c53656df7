import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../main/core/config/load';
import { redactConfig } from '../../main/core/config/redact';
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
  return result.ok ? '' : result.error.message;
}

describe('context settings in config.json', () => {
  it('fills the defaults: 4096 tokens for the answer, compaction at 80 %, 20 % for prompts, auto-resume 10 minutes', () => {
    t.write({ providers: [local] });
    const result = loadConfig({ home: t.home, env: {} });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.config).toMatchObject({
      maxOutputTokens: 4096,
      compaction: { threshold: 0.8, userPromptShare: 0.2 },
      autoResumeMinutes: 10,
    });
    expect(result.value.providers[0]).not.toHaveProperty('contextWindow');
  });

  it('keeps a provider\'s contextWindow and maxOutputTokens, and shows them in the redacted view', () => {
    t.write({
      providers: [{ ...local, contextWindow: 32768, maxOutputTokens: 2048 }],
      maxOutputTokens: 8000,
      compaction: { threshold: 0.7 },
      autoResumeMinutes: 0,
    });
    const result = loadConfig({ home: t.home, env: {} });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.providers[0]).toMatchObject({ contextWindow: 32768, maxOutputTokens: 2048 });
    expect(result.value.config.compaction).toEqual({ threshold: 0.7, userPromptShare: 0.2 });
    expect(result.value.config.autoResumeMinutes).toBe(0);
    const view = redactConfig(result.value);
    expect(view.providers[0]).toMatchObject({ contextWindow: 32768, maxOutputTokens: 2048 });
    expect(view).toMatchObject({ maxOutputTokens: 8000, compaction: { threshold: 0.7, userPromptShare: 0.2 }, autoResumeMinutes: 0 });
  });

  it('names the file and the setting for values out of range', () => {
    const path = t.write({
      providers: [{ ...local, contextWindow: 100 }],
      compaction: { threshold: 0.99, userPromptShare: 0.01 },
      maxOutputTokens: -1,
      autoResumeMinutes: -5,
    });
    const message = errorOf();
    expect(message).toContain(`${path}: providers[0].contextWindow: Too small`);
    expect(message).toContain(`${path}: compaction.threshold: Too big`);
    expect(message).toContain(`${path}: compaction.userPromptShare: Too small`);
    expect(message).toContain(`${path}: maxOutputTokens: Too small`);
    expect(message).toContain(`${path}: autoResumeMinutes: Too small`);
  });

  it('names unknown keys inside the compaction block and on a provider', () => {
    const path = t.write({ providers: [{ ...local, context_window: 4096 }], compaction: { treshold: 0.5 } });
    const message = errorOf();
    expect(message).toContain(`${path}: providers[0]: Unrecognized key: "context_window"`);
    expect(message).toContain(`${path}: compaction: Unrecognized key: "treshold"`);
  });

  it('refuses a window that leaves no room for the answer, naming the setting to change', () => {
    const path = t.write({ providers: [{ ...local, contextWindow: 4096 }] });
    expect(errorOf()).toBe(
      `${path}: maxOutputTokens: 4096 leaves no room for the conversation in providers[0].contextWindow (4096); ` +
        'set providers[0].maxOutputTokens below the window',
    );
    t.write({ providers: [{ ...local, contextWindow: 4096, maxOutputTokens: 5000 }] });
    expect(errorOf()).toMatch(/: providers\[0\]\.maxOutputTokens: 5000 leaves no room/);
    t.write({ providers: [{ ...local, contextWindow: 4096, maxOutputTokens: 1024 }] });
    expect(loadConfig({ home: t.home, env: {} }).ok).toBe(true);
  });
});
