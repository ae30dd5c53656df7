import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfigFileCache, loadConfig } from '../../main/core/config';
import { FileCache, SETTLED_MS } from '../../main/core/file-cache';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

/** A whole second an hour ago: times the file system keeps exactly, so a file's mtime can be put back as it was. */
const PAST = Math.floor(Date.now() / 1000) - 3600;
const settle = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLED_MS + 50));
const config = (model: string): string => JSON.stringify({ providers: [{ name: 'p', baseURL: 'http://127.0.0.1:9/v1', model }] });
// Read as the engine reads it: through one cache that must follow every change of the file.
const cache = createConfigFileCache();
const modelOf = (home: string): string | undefined => {
  const loaded = loadConfig({ home, env: {}, cache });
  return loaded.ok ? loaded.value.providers[0]?.model : `error: ${loaded.error.message}`;
};

describe('config read at every turn', () => {
  it('follows every change of the file, also one that keeps its size and mtime', async () => {
    const home = tempDir();
    const file = join(home, 'config.json');
    expect(modelOf(home)).toMatch(/^error: .*no model provider configured/);
    writeFileSync(file, config('model-a'));
    expect(modelOf(home)).toBe('model-a');
    // Right after a reading: the same size, another model.
    writeFileSync(file, config('model-b'));
    expect(modelOf(home)).toBe('model-b');
    utimesSync(file, PAST, PAST);
    await settle();
    expect(modelOf(home)).toBe('model-b');
    expect(modelOf(home)).toBe('model-b');
    writeFileSync(file, config('model-c'));
    utimesSync(file, PAST, PAST);
    expect(modelOf(home)).toBe('model-c');
    rmSync(file);
    expect(modelOf(home)).toMatch(/^error: /);
  });

  it('keeps a value per file version and computes it again when the file changes', async () => {
    const file = join(tempDir(), 'settings.json');
    writeFileSync(file, '1');
    utimesSync(file, PAST, PAST);
    await settle();
    const cache = new FileCache<number>();
    let reads = 0;
    const read = (): number => cache.get(file, () => (reads++, Number(readFileSync(file, 'utf8'))));
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
    writeFileSync(file, '2');
    expect(read()).toBe(2);
    expect(reads).toBe(2);
  });
});
