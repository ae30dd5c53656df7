// Counting a huge text must cost the same whatever its length: past EXACT_COUNT_CHARS the count is an estimate
// from a fixed number of samples (checked here by what the encoder is handed, never by timing).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createTokenCounter, ESTIMATE_SAMPLE_CHARS, ESTIMATE_SAMPLES, EXACT_COUNT_CHARS, type Encoder } from '../../main/core/context/tokens';

const requireEncoding = createRequire(import.meta.url);
const o200k = requireEncoding('gpt-tokenizer/encoding/o200k_base') as Encoder;

/** An encoder that reports how many characters it was given, counting with `count`. */
function spyEncoder(count: (text: string) => number): Encoder & { chars: number; calls: number } {
  const spy = {
    chars: 0,
    calls: 0,
    countTokens(text: string) {
      spy.chars += text.length;
      spy.calls++;
      return count(text);
    },
  };
  return spy;
}

const TEN_MB = 10 * 1024 * 1024;

describe('token counts of huge texts are bounded', () => {
  it('tokenizes texts up to the bound whole (exact, in pieces)', () => {
    const spy = spyEncoder((t) => o200k.countTokens(t, { disallowedSpecial: new Set() }));
    const counter = createTokenCounter('gpt-4o', { encoder: spy });
    const text = 'one '.repeat(EXACT_COUNT_CHARS / 4);
    expect(text.length).toBe(EXACT_COUNT_CHARS);
    counter.countText(text);
    expect(spy.chars).toBe(text.length);
  });

  it('estimates a 10 MB text from a fixed number of samples: the encoder sees the same few characters for 1 MB or 10 MB', () => {
    const seen: number[] = [];
    for (const size of [EXACT_COUNT_CHARS + 1, 1024 * 1024, TEN_MB]) {
      // One token per four characters, whatever the text: the estimate must then be the length over four.
      const spy = spyEncoder((t) => Math.ceil(t.length / 4));
      const counter = createTokenCounter('gpt-4o', { encoder: spy });
      const text = 'x'.repeat(size);
      expect(counter.countText(text)).toBe(Math.ceil(size / 4));
      expect(spy.chars).toBeLessThanOrEqual(ESTIMATE_SAMPLES * ESTIMATE_SAMPLE_CHARS);
      seen.push(spy.chars);
    }
    expect(new Set(seen).size).toBe(1);
  });

  it('estimates within 10% of the exact count for source code and for text in another script', () => {
    const code = readFileSync(new URL('../../main/core/store/store.ts', import.meta.url), 'utf8');
    const cjk = '上下文窗口的大小决定了模型一次能看到多少内容。'.repeat(2000);
    for (const unit of [code, cjk]) {
      const text = unit.repeat(Math.ceil((2 * EXACT_COUNT_CHARS) / unit.length));
      const exact = createTokenCounter('gpt-4o', { encoder: o200k });
      // The exact count, in pieces of at most the bound.
      let whole = 0;
      for (let at = 0; at < text.length; at += EXACT_COUNT_CHARS) whole += exact.countText(text.slice(at, at + EXACT_COUNT_CHARS));
      const estimate = exact.countText(text);
      expect(Math.abs(estimate - whole) / whole).toBeLessThan(0.1);
    }
  });

  it('counts a message carrying a 10 MB tool result through the estimate', () => {
    const spy = spyEncoder((t) => Math.ceil(t.length / 4));
    const counter = createTokenCounter('gpt-4o', { encoder: spy });
    const n = counter.countMessage({ role: 'tool', tool_call_id: 'call_1', content: 'y'.repeat(TEN_MB) });
    expect(n).toBeGreaterThanOrEqual(TEN_MB / 4);
    expect(spy.chars).toBeLessThan(ESTIMATE_SAMPLES * ESTIMATE_SAMPLE_CHARS + 100);
  });
});
