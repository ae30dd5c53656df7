import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from './fixture';

let f: Fixture;
afterEach(() => f?.cleanup());

describe('always-allow rules', () => {
  it('offers the narrowest rule per subcommand of a compound command', async () => {
    f = makeFixture({ user: { permissions: { allow: ['Bash(git status)'] } } });
    const v = await f.bash('git status && npm install && npm run build -- --prod');
    expect(v.alwaysRules).toEqual(['Bash(npm install)', 'Bash(npm run build -- --prod)']);
    expect(v.alwaysRule).toBe('Bash(npm install); Bash(npm run build -- --prod)');
  });
  it('is not offered when a part is denied or cannot be named', async () => {
    f = makeFixture({ user: { permissions: { deny: ['Bash(rm *)'] } } });
    for (const c of ['npm install && rm -rf x', '$X build', 'rm -rf /']) {
      const v = await f.bash(c);
      expect(v.alwaysRules, c).toEqual([]);
      expect(v.alwaysRule, c).toBeNull();
    }
  });
  it('names redirect targets and file paths', async () => {
    f = makeFixture({ user: { permissions: { allow: ['Bash(echo *)'] } } });
    expect((await f.bash('echo hi > out/log.txt')).alwaysRules).toEqual(['Edit(./out/log.txt)']);
    expect((await f.decide('Write', { path: 'src/b.ts', content: '' })).alwaysRules).toEqual(['Edit(./src/b.ts)']);
    expect((await f.decide('Read', { path: '/etc/hostname' })).alwaysRules).toEqual(['Read(//etc/hostname)']);
  });
  it('writes rules to settings.local.json atomically and they apply at once', async () => {
    f = makeFixture({ trusted: true });
    const cmd = "git commit -m 'fix: it'\"'\"'s done'";
    const first = await f.bash(cmd);
    expect(first.decision).toBe('needs_approval');
    await f.engine.allowAlways(f.ws, first.alwaysRules);
    const file = path.join(f.ws, '.paragents', 'settings.local.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { permissions: { allow: string[] } };
    expect(saved.permissions.allow).toEqual(first.alwaysRules);
    const again = await f.bash(cmd);
    expect([again.decision, again.source]).toEqual(['auto_approved', 'local']);
    expect((await f.bash("git commit -m 'other'")).decision).toBe('needs_approval');
  });
  it('keeps other keys, de-duplicates, and refuses invalid rules or a broken file', async () => {
    f = makeFixture({ trusted: true });
    const file = path.join(f.ws, '.paragents', 'settings.local.json');
    f.setSettings('local', { env: { A: '1' }, permissions: { allow: ['Bash(ls)'], deny: ['Bash(rm *)'] } });
    await f.engine.allowAlways(f.ws, ['Bash(ls)', 'Bash(pwd)']);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({ env: { A: '1' }, permissions: { allow: ['Bash(ls)', 'Bash(pwd)'], deny: ['Bash(rm *)'] } });
    await expect(f.engine.allowAlways(f.ws, ['Bsh(x)'])).rejects.toThrow();
    writeFileSync(file, '{ broken');
    await expect(f.engine.allowAlways(f.ws, ['Bash(ls)'])).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{ broken');
  });
});
