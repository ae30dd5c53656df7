import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Expect, type Fixture } from './fixture';

/** Rules that make the outer command of a case allowed, so only the git part decides. */
const HELPERS = ['Bash(timeout *)', 'Bash(echo *)', 'Bash(xargs *)', 'Bash(printf *)', 'Bash(read *)'];

/**
 * Git pointed at another repository, or given configuration on its command line. `{ws}` and `{out}` stand for
 * the workspace and a folder outside it.
 */
const elsewhere: string[] = [
  // cd out of the workspace (or to a folder only known at run time)
  'cd /tmp/other && git status',
  'cd {out} && git status',
  'cd .. && git status',
  'cd ~/x; git status',
  '(cd ~/x; git status)',
  '(cd ~/x; git push)',
  'cd && git status',
  'cd "$DIR" && git status',
  'cd - && git status',
  'cd sub && cd ../.. && git status',
  'pushd /tmp/other && git status',
  'pushd /tmp/other; git status; popd',
  'pushd sub; popd; git status',
  "bash -c 'cd /tmp/other && git status'",
  'builtin cd /tmp/other && git status',
  'command cd /tmp/other && git status',
  "eval 'cd /tmp/other'; git status",
  "trap 'cd /tmp/other' DEBUG; git status",
  'pushd -n /tmp/other; pushd +1; git status',
  'cd /tmp/other && exec git status',
  'timeout 5 env -C /tmp/other git status',
  'timeout 5 env --chdir=/tmp/other git status',
  // -C, --git-dir, --work-tree, --bare
  'git -C /tmp/other status',
  'git -C {out} status',
  'git -C .. status',
  'git -C ~ status',
  'git -C "$D" status',
  'git -C sub -C ../.. status',
  'timeout 5 git -C /tmp/other status',
  'git --git-dir=/tmp/other/.git status',
  'git --git-dir /tmp/other/.git status',
  'git --git-dir=.git status',
  'git --work-tree=/tmp/other status',
  'git --work-tree /tmp/other status',
  'git --bare status',
  // the environment
  'GIT_DIR=/tmp/other/.git git status',
  'GIT_WORK_TREE=/tmp/other git status',
  'GIT_INDEX_FILE=/tmp/index git status',
  'GIT_CONFIG_GLOBAL=/tmp/cfg git status',
  'GIT_CONFIG_PARAMETERS="\'core.pager=sh\'" git status',
  'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=/tmp/x git status',
  'GIT_EXEC_PATH=/tmp/x git status',
  'GIT_SSH_COMMAND=/tmp/x git status',
  'GIT_PAGER=/tmp/x git status',
  'env GIT_DIR=/tmp/other/.git git status',
  'timeout 5 env GIT_WORK_TREE=/tmp/other git status',
  'export GIT_DIR=/tmp/other/.git; git status',
  'export GIT_DIR=/tmp/other/.git && git status',
  'declare -x GIT_DIR=/tmp/other/.git; git status',
  'GIT_DIR=/tmp/other/.git; export GIT_DIR; git status',
  'for GIT_DIR in /tmp/other/.git; do export GIT_DIR; git status; done',
  'printf -v GIT_DIR /tmp/other/.git; export GIT_DIR; git status',
  'read GIT_DIR <<< /tmp/other/.git; export GIT_DIR; git status',
  // configuration on the command line (a pager, an fsmonitor, an alias can run anything)
  'git -c core.pager=sh status',
  'git -c core.fsmonitor=/tmp/x status',
  "git -c alias.st='!sh' st",
  'git --config-env=core.pager=EVIL status',
  'git --config-env core.pager=EVIL status',
  'git --exec-path=/tmp/x status',
  'git $OPTS status',
  'git $SUB',
  'echo -C /tmp/other status | xargs git',
  'git config core.pager sh',
  "git config --global alias.x '!sh'",
  'git config --unset core.pager',
  // options that name a program git runs
  'git fetch --upload-pack=/tmp/x origin',
  'git push --receive-pack=/tmp/x origin',
  "git rebase -x 'sh' main",
  'git grep -O/tmp/x needle',
  'git difftool -x /tmp/x',
  'git submodule foreach ls',
  'git bisect run /tmp/x',
];

/** Git in the workspace's own repository: a `Bash(git *)` rule still allows it. */
const workspace: string[] = [
  'git status',
  'git log --oneline',
  'CI=1 git log',
  'git --no-pager log',
  'git -P log -n 3',
  'cd sub && git status',
  '(cd sub; git log)',
  'cd sub && cd .. && git status',
  'cd -- sub && git status',
  "(eval 'cd /tmp/other'); git status",
  'cd /tmp/other | git status',
  'cd {ws}/sub && git status',
  'cd /tmp/other; cd {ws} && git status',
  'git status && cd /tmp/other',
  'git -C sub status',
  'git -C {ws} status',
  'git config user.name',
  'git config --get user.email',
  'git --version',
  'for i in 1 2; do git log -n $i; done',
  'timeout 5 git status',
];

describe('a git rule granted for the workspace does not cover another repository', () => {
  const rules: string[][] = [['Bash(git *)'], ['Bash(git status)'], ['Bash']];
  const fixtures = new Map<string, Fixture>();
  beforeAll(() => {
    for (const r of rules) fixtures.set(r[0] as string, makeFixture({ user: { permissions: { allow: [...r, ...HELPERS] } } }));
  });
  afterAll(() => {
    for (const f of fixtures.values()) f.cleanup();
  });
  const expand = (f: Fixture, command: string): string => command.replaceAll('{ws}', f.ws).replaceAll('{out}', f.outside);

  for (const r of rules) {
    const rule = r[0] as string;
    it.each(elsewhere)(`%j asks with ${rule}`, async (command) => {
      const f = fixtures.get(rule) as Fixture;
      const v = await f.bash(expand(f, command));
      expect(v.decision, v.reason).toBe('needs_approval');
    });
  }

  for (const rule of ['Bash(git *)', 'Bash']) {
    it.each(workspace)(`%j stays allowed by ${rule}`, async (command) => {
      const f = fixtures.get(rule) as Fixture;
      const v = await f.bash(expand(f, command));
      expect(v.decision, v.reason).toBe('auto_approved');
    });
  }

  it.each(['git status', 'cd sub && git status', 'cd {ws} && git status'])('%j stays allowed by Bash(git status)', async (command) => {
    const f = fixtures.get('Bash(git status)') as Fixture;
    const v = await f.bash(expand(f, command));
    expect(v.decision, v.reason).toBe('auto_approved');
  });

  it('says why it asks', async () => {
    const f = fixtures.get('Bash(git *)') as Fixture;
    expect((await f.bash('cd /tmp/other && git status')).reason).toMatch(/git runs in \/tmp\/other, outside the workspace/);
    expect((await f.bash('git -C /tmp/other status')).reason).toMatch(/git -C \/tmp\/other runs in another repository/);
    expect((await f.bash('git -c core.pager=sh log')).reason).toMatch(/sets configuration/);
  });
});

describe('a rule that names the git command exactly allows it', () => {
  const exact = [
    'git -C /tmp/other status',
    'git --git-dir=/tmp/other/.git log',
    'git --work-tree /tmp/other status',
    'git -c core.pager=cat log',
    'git config core.autocrlf false',
  ];
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({ user: { permissions: { allow: [...exact.map((c) => `Bash(${c})`), 'Bash(git status)'] } } });
  });
  afterAll(() => f.cleanup());

  const cases: [string, Expect][] = [
    ...exact.map((c): [string, Expect] => [c, 'auto_approved']),
    ['git -C /tmp/other status --short', 'needs_approval'],
    ['git -c core.pager=sh log', 'needs_approval'],
    // a rule cannot name the folder a cd moved to
    ['cd /tmp/other && git status', 'needs_approval'],
  ];
  it.each(cases)('%j → %s', async (command, expected) => {
    const v = await f.bash(command);
    expect(v.decision, v.reason).toBe(expected);
  });
});

describe('modes', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({});
  });
  afterAll(() => f.cleanup());

  it('bypass mode runs git -C elsewhere but still asks after a cd out of the workspace, as for GIT_DIR=', async () => {
    expect((await f.bash('git -C /tmp/other status', 'bypass')).decision).toBe('auto_approved');
    expect((await f.bash('cd /tmp/other && git status', 'bypass')).decision).toBe('needs_approval');
    expect((await f.bash('GIT_DIR=/tmp/other/.git git status', 'bypass')).decision).toBe('needs_approval');
    expect((await f.bash('cd sub && git status', 'bypass')).decision).toBe('auto_approved');
  });
});
