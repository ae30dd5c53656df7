import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../shared/policy';
import { makeFixture, type Expect, type Fixture } from './fixture';

/** `{out}` is a folder outside the workspace, `{extra}` an additional directory. */
type Case = [command: string, expected: Expect, mode?: PermissionMode];

const cases: Case[] = [
  // mkdir
  ['mkdir -p out/a/b', 'auto_approved'],
  ['mkdir --mode=700 out', 'auto_approved'],
  ['mkdir {extra}/cache', 'auto_approved'],
  ['mkdir {out}/new', 'needs_approval'],
  ['mkdir -p .git/x', 'needs_approval'],
  ['mkdir "$D"', 'needs_approval'],
  // touch
  ['touch notes.txt', 'auto_approved'],
  ['touch -d yesterday -r src/a.ts notes.txt', 'auto_approved'],
  ['touch {out}/new.txt', 'needs_approval'],
  ['touch -r /etc/hostname notes.txt', 'needs_approval'],
  ['touch .envrc', 'needs_approval'],
  // rm
  ['rm -rf build', 'auto_approved'],
  ['rm -f *.log', 'auto_approved'],
  ['rm -rf {extra}/cache', 'auto_approved'],
  ['rm {out}/secret.txt', 'needs_approval'],
  ['rm -rf ../outside', 'needs_approval'],
  ['rm -rf .', 'needs_approval'],
  ['rm -rf ~', 'needs_approval'],
  ['rm -rf "$X"/*', 'needs_approval'],
  ['rm -rf secrets', 'blocked'],
  // rmdir
  ['rmdir -p a/b', 'auto_approved'],
  ['rmdir {out}', 'needs_approval'],
  // mv
  ['mv src/a.ts src/b.ts', 'auto_approved'],
  ['mv -t sub src/a.ts', 'auto_approved'],
  ['mv src/a.ts {extra}/', 'auto_approved'],
  ['mv src/a.ts {out}/', 'needs_approval'],
  ['mv {out}/secret.txt src/', 'needs_approval'],
  ['mv -t {out} src/a.ts', 'needs_approval'],
  ['mv --target-directory={out} src/a.ts', 'needs_approval'],
  ['mv --targ={out} src/a.ts', 'needs_approval'],
  ['mv --suffix=../x src/a.ts src/b.ts', 'needs_approval'],
  // cp
  ['cp -r src dst', 'auto_approved'],
  ['cp -a --parents src/a.ts sub', 'auto_approved'],
  ['cp {out}/secret.txt .', 'needs_approval'],
  ['cp src/a.ts {out}', 'needs_approval'],
  ['cp -t{out} src/a.ts', 'needs_approval'],
  ['cp --t={out} src/a.ts', 'needs_approval'],
  ['cp --no-such-option src/a.ts b.ts', 'needs_approval'],
  ['cp src/a.ts .git/hooks/pre-commit', 'needs_approval'],
  // sed -i
  ["sed -i 's/a/b/' src/a.ts", 'auto_approved'],
  ["sed -i.bak -e 's/a/b/g' -e '/x/d' src/a.ts", 'auto_approved'],
  ["sed -ie 's/a/b/' src/a.ts", 'auto_approved'],
  ["sed -n -i '1,3p' src/a.ts", 'auto_approved'],
  ["sed 's/a/b/' -i src/a.ts", 'auto_approved'],
  ["sed -i 's/a/b/' {out}/secret.txt", 'needs_approval'],
  ["sed -i 's/a/b/w out.txt' src/a.ts", 'needs_approval'],
  ["sed -i 's/a/b/e' src/a.ts", 'needs_approval'],
  ["sed -i '1e id' src/a.ts", 'needs_approval'],
  ["sed -i 'r /etc/passwd' src/a.ts", 'needs_approval'],
  ["sed -i '1{p}e id' src/a.ts", 'needs_approval'],
  ['sed -i -f script.sed src/a.ts', 'needs_approval'],
  ["sed -i'/tmp/*' 's/a/b/' src/a.ts", 'needs_approval'],
  ['sed -i "s/a/$B/" src/a.ts', 'needs_approval'],
  ["sed 's/a/b/' src/a.ts", 'needs_approval'],
  // other commands in the same line still need their own rule; wrappers are not edits
  ['mkdir out && npm install', 'needs_approval'],
  ['touch a.txt; ls', 'needs_approval'],
  ['timeout 5 rm -rf build', 'needs_approval'],
  ['PATH=/tmp rm -rf build', 'needs_approval'],
  // other modes are unchanged
  ['rm -rf build', 'needs_approval', 'default'],
  ['mkdir out', 'needs_approval', 'default'],
  ['mkdir out', 'blocked', 'plan'],
];

describe('acceptEdits treats common file commands inside the workspace as edits', () => {
  let f: Fixture;
  let extra: string;
  beforeAll(() => {
    f = makeFixture();
    extra = path.join(f.root, 'extra');
    mkdirSync(extra);
    f.setSettings('user', { permissions: { deny: ['Edit(./secrets/**)'], additionalDirectories: [extra] } });
  });
  afterAll(() => f.cleanup());

  it.each(cases)('%j → %s', async (template, expected, mode) => {
    const v = await f.bash(template.replaceAll('{out}', f.outside).replaceAll('{extra}', extra), mode ?? 'acceptEdits');
    expect(v.decision, v.reason).toBe(expected);
    if (expected === 'auto_approved') expect(v.source).toBe('mode');
  });

  it('names acceptEdits as the reason', async () => {
    const v = await f.bash('mkdir -p out', 'acceptEdits');
    expect(v.reason).toMatch(/acceptEdits mode/);
  });
});
