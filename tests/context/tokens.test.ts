import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  createTokenCounter,
  createTokenCounters,
  encodingFor,
  EXACT_COUNT_CHARS,
  EXACT_MARGIN,
  MESSAGE_OVERHEAD_TOKENS,
  RELATED_MARGIN,
  SMALL_VOCABULARY_MARGIN,
  UNKNOWN_MARGIN,
} from '../../main/core/context/tokens';
import { budgetFor, contextBudget } from '../../main/core/context/budget';
import { toolSpecs } from '../../main/core/tools';

const whole = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens(t: string, o: object): number };

describe('encoding by model family', () => {
  it('uses the model\'s own encoding for OpenAI families and the closest one, with a larger margin, for others', () => {
    const table = [
      'gpt-4o-mini', 'openai/gpt-4.1', 'gpt-5', 'o3-mini', 'o1', 'gpt-oss-20b',
      'gpt-4-0613', 'gpt-3.5-turbo',
      'llama3.1:8b', 'Qwen/Qwen2.5-Coder-7B-Instruct', 'deepseek-chat', 'mistral-nemo',
      'mistral:7b', 'mixtral-8x7b', 'llama2',
      'gemma3:12b', 'claude-3-5-sonnet', 'something-else',
    ].map((m) => [m, encodingFor(m)]);
    const exact = (encoding: string) => ({ encoding, exact: true, margin: EXACT_MARGIN });
    const near = (encoding: string, margin: number) => ({ encoding, exact: false, margin });
    expect(table).toEqual([
      ['gpt-4o-mini', exact('o200k_base')], ['openai/gpt-4.1', exact('o200k_base')], ['gpt-5', exact('o200k_base')],
      ['o3-mini', exact('o200k_base')], ['o1', exact('o200k_base')], ['gpt-oss-20b', exact('o200k_base')],
      ['gpt-4-0613', exact('cl100k_base')], ['gpt-3.5-turbo', exact('cl100k_base')],
      ['llama3.1:8b', near('cl100k_base', RELATED_MARGIN)], ['Qwen/Qwen2.5-Coder-7B-Instruct', near('cl100k_base', RELATED_MARGIN)],
      ['deepseek-chat', near('cl100k_base', RELATED_MARGIN)], ['mistral-nemo', near('cl100k_base', RELATED_MARGIN)],
      ['mistral:7b', near('cl100k_base', SMALL_VOCABULARY_MARGIN)], ['mixtral-8x7b', near('cl100k_base', SMALL_VOCABULARY_MARGIN)],
      ['llama2', near('cl100k_base', SMALL_VOCABULARY_MARGIN)],
      ['gemma3:12b', near('o200k_base', RELATED_MARGIN)], ['claude-3-5-sonnet', near('cl100k_base', UNKNOWN_MARGIN)],
      ['something-else', near('cl100k_base', UNKNOWN_MARGIN)],
    ]);
  });
});

describe('TokenCounter', () => {
  it('counts text with the real encodings (the tiktoken reference: "tiktoken is great!" is 6 tokens in both)', () => {
    const o200k = createTokenCounter('gpt-4o');
    const cl100k = createTokenCounter('gpt-4');
    expect([o200k.encoding, cl100k.encoding]).toEqual(['o200k_base', 'cl100k_base']);
    expect(o200k.countText('tiktoken is great!')).toBe(6);
    expect(cl100k.countText('tiktoken is great!')).toBe(6);
    expect(o200k.countText('hello world')).toBe(2);
    expect(o200k.countText('')).toBe(0);
  });

  it('counts special-token text in a tool output as ordinary text instead of failing', () => {
    const counter = createTokenCounter('gpt-4o');
    expect(counter.countText('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('counts long texts in pieces within a token per piece of the whole count, never fewer', () => {
    const counter = createTokenCounter('gpt-4o');
    // Up to the bound past which counts are estimated (token-bound.test.ts).
    const code = readFileSync(new URL('../../main/core/store/store.ts', import.meta.url), 'utf8').repeat(8).slice(0, EXACT_COUNT_CHARS);
    const exact = whole.countTokens(code, { disallowedSpecial: new Set() });
    const pieces = Math.ceil(code.length / 1536);
    expect(counter.countText(code)).toBeGreaterThanOrEqual(exact);
    expect(counter.countText(code)).toBeLessThanOrEqual(exact + pieces);
    // One unbroken run (a minified line, a row of "="): counted in pieces, so it does not stall the process.
    expect(counter.countText('a'.repeat(200_000))).toBe(25_000);
  });

  it('counts the message frame, the role, tool calls (id, name, arguments) and tool results', () => {
    const c = createTokenCounter('gpt-4o');
    const t = (s: string) => c.countText(s);
    expect(c.countMessage({ role: 'user', content: 'hello world' })).toBe(MESSAGE_OVERHEAD_TOKENS + t('user') + 2);
    const call = { id: 'call_abc123', type: 'function' as const, function: { name: 'Read', arguments: '{"path":"src/index.ts"}' } };
    const assistant = c.countMessage({ role: 'assistant', content: null, tool_calls: [call, { ...call, id: 'call_def456' }] });
    const oneCall = t('call_abc123') + t('Read') + t('{"path":"src/index.ts"}');
    expect(assistant).toBeGreaterThanOrEqual(MESSAGE_OVERHEAD_TOKENS + t('assistant') + 2 * oneCall);
    expect(assistant).toBeGreaterThan(c.countMessage({ role: 'assistant', content: null, tool_calls: [call] }));
    const result = c.countMessage({ role: 'tool', tool_call_id: 'call_abc123', content: 'file text' });
    expect(result).toBe(MESSAGE_OVERHEAD_TOKENS + t('tool') + t('call_abc123') + t('file text'));
  });

  it('counts tool definitions at least as long as their JSON, once per array', () => {
    const c = createTokenCounter('gpt-4o');
    const specs = toolSpecs();
    const json = specs.reduce((n, s) => n + c.countText(JSON.stringify(s.function)), 0);
    expect(c.countTools(specs)).toBeGreaterThan(json);
    expect(c.countTools(specs)).toBe(c.countTools(specs));
    expect(c.countTools([])).toBe(0);
  });

  it('gives one counter per model in an engine\'s registry', () => {
    const counters = createTokenCounters();
    expect(counters.forModel('gpt-4o')).toBe(counters.forModel('gpt-4o'));
    expect(counters.forModel('llama3.1').encoding).toBe('cl100k_base');
  });
});

describe('ContextBudget', () => {
  it('keeps the margin, the answer and the tool definitions out of the window', () => {
    const b = contextBudget({ window: { tokens: 128_000, source: 'table' }, maxOutputTokens: 4096, margin: 0.05, toolSpecTokens: 900, threshold: 0.8 });
    expect(b).toEqual({
      window: 128_000, windowSource: 'table', maxOutputTokens: 4096, margin: 0.05, toolSpecTokens: 900,
      usable: Math.floor(128_000 * 0.95) - 4096 - 900, compactAt: 102_400,
    });
  });

  it('never gives the answer more than a quarter of a small window, and never a negative budget', () => {
    const small = contextBudget({ window: { tokens: 8192, source: 'default' }, maxOutputTokens: 4096, margin: 0.2, toolSpecTokens: 1000 });
    expect(small.maxOutputTokens).toBe(2048);
    expect(small.usable).toBe(Math.floor(8192 * 0.8) - 2048 - 1000);
    expect(small.compactAt).toBe(small.usable);
    const none = contextBudget({ window: { tokens: 2048, source: 'config' }, maxOutputTokens: 512, margin: 0.25, toolSpecTokens: 5000 });
    expect(none.usable).toBe(0);
  });

  it('takes the provider\'s maxOutputTokens over the global one, and the counter\'s margin', () => {
    const counter = createTokenCounter('qwen2.5-coder:7b');
    const tools = toolSpecs();
    const config = { maxOutputTokens: 4096, compaction: { threshold: 0.8 } };
    const b = budgetFor({ window: { tokens: 32_768, source: 'table' }, provider: { maxOutputTokens: 1000 }, config, counter, tools });
    expect(b.maxOutputTokens).toBe(1000);
    expect(b.margin).toBe(RELATED_MARGIN);
    expect(b.usable).toBe(Math.floor(32_768 * (1 - RELATED_MARGIN)) - 1000 - counter.countTools(tools));
    expect(budgetFor({ window: { tokens: 32_768, source: 'table' }, provider: {}, config, counter, tools }).maxOutputTokens).toBe(4096);
  });
});
