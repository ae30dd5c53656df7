import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../shared/policy';
import { makeFixture, type Expect, type Fixture } from './fixture';

type Case = [tool: string, input: (f: Fixture) => Record<string, unknown>, expected: Expect, mode?: PermissionMode, rule?: string];

const p = (rel: string) => () => ({ path: rel });
const w = (rel: string) => () => ({ path: rel, content: 'x' });

const cases: Case[] = [
  ['Read', p('src/a.ts'), 'auto_approved'],
  ['Read', p('./src/../src/a.ts'), 'auto_approved'],
  ['Read', p('/etc/hostname'), 'needs_approval'],
  ['Read', p('../outside/secret.txt'), 'needs_approval'],
  ['Read', p('src/../../outside/secret.txt'), 'needs_approval'],
  ['Read', (f) => ({ path: path.join(f.root, 'ws2', 'x') }), 'needs_approval'], // sibling sharing a name prefix
  ['Read', p('out-link/secret.txt'), 'needs_approval'], // symlink to a folder outside
  ['Read', p('in-link/a.ts'), 'auto_approved'], // symlink that stays inside
  ['Read', p('deep-link/../secret.txt'), 'needs_approval'], // kernel applies .. after the link
  ['Read', p('a\0b'), 'blocked'],
  ['Read', p('src/a\u202e.ts'), 'needs_approval'],
  ['Read', p('src/a\u200b.ts'), 'needs_approval'],
  ['Read', p('/proc/self/environ'), 'blocked'],
  ['Read', p('/proc/thread-self/environ'), 'blocked'],
  ['Read', p('env-link'), 'blocked'],
  ['Read', p('.env'), 'blocked', undefined, 'Read(.env)'],
  ['Read', p('sub/.env'), 'blocked', undefined, 'Read(.env)'],
  ['Read', p('env-alias'), 'blocked', undefined, 'Read(.env)'], // symlink to .env
  ['Read', p('~/notes.txt'), 'needs_approval'],
  ['LS', () => ({}), 'auto_approved'],
  ['LS', p('/'), 'needs_approval'],
  ['Glob', () => ({ pattern: '**/*.ts' }), 'auto_approved'],
  ['Glob', () => ({ pattern: '/etc/*' }), 'needs_approval'],
  ['Glob', () => ({ pattern: '../**' }), 'needs_approval'],
  ['Glob', () => ({ pattern: 'src/*/../../../**' }), 'needs_approval'],
  ['Grep', () => ({ pattern: 'x', path: 'src' }), 'auto_approved'],
  ['Grep', () => ({ pattern: 'x' }), 'needs_approval', undefined, 'Read(.env)'], // would read .env
  ['Grep', () => ({ pattern: 'x', path: 'src', glob: '../../**' }), 'needs_approval'],
  ['Write', w('src/new.ts'), 'needs_approval'],
  ['Write', w('src/new.ts'), 'auto_approved', 'acceptEdits'],
  ['Edit', () => ({ path: 'src/a.ts', old_string: 'a', new_string: 'b' }), 'auto_approved', 'acceptEdits'],
  ['Write', w('out-link/new.txt'), 'needs_approval', 'acceptEdits'],
  ['Write', w('dangling'), 'needs_approval', 'acceptEdits'], // dangling link to a file outside
  ['Write', w('.env'), 'blocked', 'acceptEdits', 'Read(.env)'], // a Read deny blocks writes too
  ['Write', w('.git/config'), 'needs_approval', 'acceptEdits'],
  ['Write', w('.git/hooks/pre-commit'), 'needs_approval', 'bypass'],
  ['Write', w('.paragents/settings.local.json'), 'needs_approval', 'bypass'],
  ['Write', w('.paragents'), 'needs_approval', 'bypass'],
  ['Write', w('.envrc'), 'needs_approval', 'bypass'],
  ['Write', w('.npmrc'), 'needs_approval', 'bypass'],
  ['Write', w('.vscode/settings.json'), 'needs_approval', 'bypass'],
  ['Write', w('.husky/pre-commit'), 'needs_approval', 'bypass'],
  ['Write', w('.mcp.json'), 'needs_approval', 'bypass'],
  ['Write', w('~/.bashrc'), 'needs_approval', 'bypass'],
  ['Write', w('git-link/config'), 'needs_approval', 'bypass'], // link into .git
  ['Write', w('src/ok.ts'), 'auto_approved', 'bypass'],
  ['Write', w('src/ok.ts'), 'blocked', 'plan'],
  ['Read', p('src/a.ts'), 'auto_approved', 'plan'],
  ['Read', p('../extra/data.csv'), 'auto_approved'], // additionalDirectories
  ['Write', w('secrets/key.pem'), 'blocked', 'bypass', 'Edit(secrets/**)'],
  ['Read', p('docs/readme.md'), 'auto_approved', undefined],
];

describe('paths', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({
      user: {
        permissions: {
          deny: ['Read(.env)', 'Edit(secrets/**)'],
          additionalDirectories: ['../extra'],
        },
      },
    });
    f.write('.env', 'TOKEN=1');
    f.write('sub/.env', 'TOKEN=1');
    f.write('.git/config', '');
    f.link('out-link', f.outside);
    f.link('in-link', path.join(f.ws, 'src'));
    f.link('deep-link', path.join(f.outside, 'deep'));
    f.link('env-link', '/proc/self/environ');
    f.link('env-alias', path.join(f.ws, '.env'));
    f.link('dangling', path.join(f.outside, 'ghost.txt'));
    f.link('git-link', path.join(f.ws, '.git'));
    f.write('../extra/data.csv', 'a,b');
    f.write('../outside/deep/x', '');
  });
  afterAll(() => f.cleanup());

  it.each(cases)('%s %s → %s (%s)', async (tool, input, expected, mode, rule) => {
    const v = await f.decide(tool, input(f), { mode });
    expect(v.decision, v.reason).toBe(expected);
    if (rule !== undefined) expect(v.rule).toBe(rule);
  });
});
