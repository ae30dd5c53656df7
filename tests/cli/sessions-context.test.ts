import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Store } from '../../main/core/store/store';
import { DATABASE_FILE } from '../../main/core/engine';
import { jsonLines, runCli } from '../helpers/cli';
import { cleanupTempDirs, makeHome } from '../helpers/temp';

afterAll(() => cleanupTempDirs());

describe('paragents sessions list: the context meter', () => {
  it('prints tokens in the model\'s view over the window, and null before a session\'s first request', async () => {
    const home = makeHome('http://127.0.0.1:9/v1');
    const store = new Store(join(home, DATABASE_FILE));
    const used = store.sessions.create({ workspace: '/w/used', name: 'used', mode: 'default' });
    store.sessions.create({ workspace: '/w/new', name: 'fresh', mode: 'default' });
    store.sessions.setContextMeter(used.id, 12_345, 128_000);
    store.close();

    const json = await runCli(['sessions', 'list', '--json'], { home });
    expect(json.code).toBe(0);
    const byName = Object.fromEntries(jsonLines(json.stdout).map((s) => [s.name, s.context]));
    expect(byName).toEqual({ used: { tokens: 12_345, window: 128_000 }, fresh: null });

    const plain = await runCli(['sessions', 'list'], { home });
    expect(plain.code).toBe(0);
    const lines = plain.stdout.split('\n');
    expect(lines.find((l) => l.includes('used'))).toMatch(/ tokens=0 ctx=12\.3k\/128k {2}\/w\/used$/);
    expect(lines.find((l) => l.includes('fresh'))).toMatch(/ tokens=0 {2}\/w\/new$/);
  });
});
