// A file on its own in a fresh process (`.isolated.test.ts`): it checks what is loaded, so nothing else may count before it.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { createTokenCounter } from '../../main/core/context/tokens';

const loadedEncodings = (): string[] =>
  Object.keys(createRequire(import.meta.url).cache)
    .map((path) => /gpt-tokenizer[\\/]cjs[\\/]bpeRanks[\\/](\w+)\.js$/.exec(path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();

describe('encoding loading', () => {
  it('loads an encoding on the first count only, and only the one the model needs', () => {
    const gpt = createTokenCounter('gpt-4o');
    const llama = createTokenCounter('llama3.1:8b');
    expect(loadedEncodings()).toEqual([]);
    expect(gpt.countText('hello world')).toBe(2);
    expect(loadedEncodings()).toEqual(['o200k_base']);
    expect(llama.countText('hello world')).toBeGreaterThan(0);
    expect(loadedEncodings()).toEqual(['cl100k_base', 'o200k_base']);
  });
});
