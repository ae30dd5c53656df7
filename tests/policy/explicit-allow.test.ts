import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Expect, type Fixture } from './fixture';

// An allow rule of a file command covers the files its arguments name inside the workspace and the additional
// folders; deny rules, critical commands, protected paths, redirects and everything outside still decide.
const ALLOW = ['Bash(rm *)', 'Bash(mkdir *)', 'Bash(cp *)', 'Bash(mv *)', 'Bash(touch *)', 'Bash(timeout *)', 'Bash(tee *)'];
const DENY = ['Bash(rm -rf dist)', 'Edit(./secrets/**)'];

/** `{out}` is a folder outside the workspace, `{extra}` an additional directory. */
type Case = [command: string, expected: Expect, rule?: string];

const rm = 'Bash(rm *)';
const cases: Case[] = [
  ['rm -rf build', 'auto_approved', rm],
  ['rm -f src/a.ts', 'auto_approved', rm],
  ['rm -rf build/*', 'auto_approved', rm],
  ['rm -r -- -weird', 'auto_approved', rm],
  ['cd sub && rm -rf build', 'auto_approved', rm],
  ['rm -rf {extra}/cache', 'auto_approved', rm],
  ['timeout 5 rm -rf build', 'auto_approved', 'Bash(timeout *)'],
  ['mkdir -p out/a/b', 'auto_approved', 'Bash(mkdir *)'],
  ['mkdir -m 700 out', 'auto_approved', 'Bash(mkdir *)'],
  ['cp -r src out', 'auto_approved', 'Bash(cp *)'],
  ['mv src/a.ts src/b.ts', 'auto_approved', 'Bash(mv *)'],
  ['touch -d yesterday notes.txt', 'auto_approved', 'Bash(touch *)'],
  ['tee -a log.txt < src/a.ts', 'auto_approved', 'Bash(tee *)'],
  // outside the workspace and the additional folders
  ['rm -rf ../outside', 'needs_approval'],
  ['rm -f {out}/secret.txt', 'needs_approval'],
  ['cd /tmp && rm -rf build', 'needs_approval'],
  ['cp {out}/secret.txt src/', 'needs_approval'],
  ['cp src/a.ts {out}/', 'needs_approval'],
  ['cp -t {out} src/a.ts', 'needs_approval'],
  ['cp --target={out} src/a.ts', 'needs_approval'],
  ['mv -t{out} src/a.ts', 'needs_approval'],
  ['mv --target-directory {out} src/a.ts', 'needs_approval'],
  ['touch -r /etc/hostname notes.txt', 'needs_approval'],
  ['cp --suffix=../x src/a.ts b.ts', 'needs_approval'],
  ['cp --frobnicate src/a.ts b.ts', 'needs_approval'],
  // protected paths and critical commands
  ['rm -rf .git/objects', 'needs_approval'],
  ['rm -f .bashrc', 'needs_approval'],
  ['mkdir -p .paragents/x', 'needs_approval'],
  ['rm -rf .', 'needs_approval'],
  ['rm -rf /', 'needs_approval'],
  ['rm -rf ~', 'needs_approval'],
  // names only known at run time
  ['rm -rf "$DIR"', 'needs_approval'],
  ['cd "$D" && rm -rf build', 'needs_approval'],
  // deny rules still block
  ['rm -rf dist', 'blocked', 'Bash(rm -rf dist)'],
  ['rm -rf secrets/old', 'blocked', 'Edit(./secrets/**)'],
  // redirects and other commands are not the rule's
  ['rm -rf build > log.txt', 'needs_approval'],
  ['rm -rf build && make', 'needs_approval'],
];

describe('an explicit allow rule allows what it names', () => {
  let f: Fixture;
  let extra: string;
  beforeAll(() => {
    f = makeFixture();
    extra = path.join(f.root, 'extra');
    mkdirSync(extra);
    f.setSettings('user', { permissions: { allow: ALLOW, deny: DENY, additionalDirectories: [extra] } });
  });
  afterAll(() => f.cleanup());

  it.each(cases)('%j → %s', async (template, expected, rule) => {
    const v = await f.bash(template.replaceAll('{out}', f.outside).replaceAll('{extra}', extra));
    expect(v.decision, v.reason).toBe(expected);
    if (rule !== undefined) expect(v.rule).toBe(rule);
  });

  it('says which rule covered the files', async () => {
    const v = await f.bash('rm -rf build');
    expect(v).toMatchObject({ decision: 'auto_approved', rule: 'Bash(rm *)', source: 'user' });
  });
});

describe('"always allow" for a file command', () => {
  let f: Fixture;
  afterEach(() => f.cleanup());

  it('offers only the command rule when it would also cover the files, and that rule then allows the call', async () => {
    f = makeFixture({ trusted: true });
    const first = await f.bash('rm -rf build');
    expect(first.decision).toBe('needs_approval');
    expect(first.alwaysRules).toEqual(['Bash(rm -rf build)']);
    await f.engine.allowAlways(f.ws, first.alwaysRules);
    expect(await f.bash('rm -rf build')).toMatchObject({ decision: 'auto_approved', rule: 'Bash(rm -rf build)', source: 'local' });
    expect((await f.bash('rm -rf other')).decision).toBe('needs_approval');
  });

  it('keeps an Edit rule for redirects and for paths the command rule would not cover', async () => {
    f = makeFixture({ trusted: true });
    expect((await f.bash('rm -rf build > log.txt')).alwaysRules).toEqual(['Bash(rm -rf build)', 'Edit(./log.txt)']);
    const outside = await f.bash(`rm -f ${f.outside}/secret.txt`);
    expect(outside.alwaysRules).toEqual([`Bash(rm -f ${f.outside}/secret.txt)`, `Edit(//${f.outside.slice(1)}/secret.txt)`]);
    await f.engine.allowAlways(f.ws, outside.alwaysRules);
    expect((await f.bash(`rm -f ${f.outside}/secret.txt`)).decision).toBe('auto_approved');
  });

  it('offers nothing for a protected path', async () => {
    f = makeFixture({ trusted: true });
    const v = await f.bash('rm -rf .git/objects');
    expect(v.decision).toBe('needs_approval');
    expect(v.alwaysRules).toEqual([]);
  });
});
