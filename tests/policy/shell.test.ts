import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../shared/policy';
import { makeFixture, type Expect, type Fixture } from './fixture';

const ALLOW = [
  'Bash(git log *)', 'Bash(ls*)', 'Bash(npm run test *)', 'Bash(git status)', 'Bash(echo *)', 'Bash(cat *)',
  'Bash(find *)', 'Bash(sed *)', 'Bash(awk *)', 'Bash(node *)', 'Bash(python3 *)', 'Bash(x:*)', 'Bash(grep *)',
  'Bash(timeout *)', 'Bash(true)',
];
const DENY = ['Bash(rm *)', 'Bash(curl *)', 'Read(.env)', 'Edit(//etc/**)'];
const ASK = ['Bash(git push *)'];

type Case = [command: string, expected: Expect, rule?: string, mode?: PermissionMode];

const rm = 'Bash(rm *)';
const cases: Case[] = [
  // prefix rules at word boundaries
  ['git log --oneline', 'auto_approved', 'Bash(git log *)'],
  ['git log', 'auto_approved', 'Bash(git log *)'],
  ['git logout', 'needs_approval'],
  ['lsof -i', 'auto_approved', 'Bash(ls*)'],
  ['ls -la', 'auto_approved', 'Bash(ls*)'],
  ['x --flag', 'auto_approved', 'Bash(x:*)'],
  ['xy --flag', 'needs_approval'],
  ['git status', 'auto_approved', 'Bash(git status)'],
  ['git status --short', 'needs_approval'],
  ['git push origin main', 'needs_approval', 'Bash(git push *)'],
  ['npm run test -- --watch', 'auto_approved', 'Bash(npm run test *)'],
  ['npm run testx', 'needs_approval'],
  // every construct: a deny anywhere is a deny
  ['rm -f a', 'blocked', rm],
  ['ls && rm a', 'blocked', rm],
  ['ls || rm a', 'blocked', rm],
  ['ls; rm a', 'blocked', rm],
  ['ls | rm a', 'blocked', rm],
  ['ls & rm a', 'blocked', rm],
  ['ls\nrm a', 'blocked', rm],
  ['echo $(rm a)', 'blocked', rm],
  ['echo "x $(rm a) y"', 'blocked', rm],
  ['echo `rm a`', 'blocked', rm],
  ['echo `echo \\`rm a\\``', 'blocked', rm],
  ['cat <(rm a)', 'blocked', rm],
  ['(rm a)', 'blocked', rm],
  ['{ rm a; }', 'blocked', rm],
  ['f() { rm a; }', 'blocked', rm],
  ['for i in 1 2; do rm $i; done', 'blocked', rm],
  ['while true; do rm a; done', 'blocked', rm],
  ['if true; then rm a; fi', 'blocked', rm],
  ['case x in x) rm a;; esac', 'blocked', rm],
  ['! rm a', 'blocked', rm],
  ['x=$(rm a)', 'blocked', rm],
  ["bash -c 'rm a'", 'blocked', rm],
  ["sh -c 'ls; rm a'", 'blocked', rm],
  ["zsh -lc 'rm a'", 'blocked', rm],
  ["bash -o pipefail -c 'rm a'", 'blocked', rm],
  ["eval 'rm a'", 'blocked', rm],
  ["trap 'rm a' EXIT", 'blocked', rm],
  ['bash <<EOF\nrm a\nEOF', 'blocked', rm],
  ["cat <<'EOF' | sh\nrm a\nEOF", 'blocked', rm],
  ['bash <<< "rm a"', 'blocked', rm],
  ["bash -c \"bash -c 'rm a'\"", 'blocked', rm],
  // wrappers and program paths are seen through for deny
  ['timeout 5 rm a', 'blocked', rm],
  ['timeout -s KILL 5 rm a', 'blocked', rm],
  ['nice -n 5 rm a', 'blocked', rm],
  ['nohup rm a', 'blocked', rm],
  ['stdbuf -oL rm a', 'blocked', rm],
  ['command rm a', 'blocked', rm],
  ['env FOO=1 rm a', 'blocked', rm],
  ['sudo -u root rm a', 'blocked', rm],
  ['exec rm a', 'blocked', rm],
  ['ls | xargs -n 1 rm', 'blocked', rm],
  ['setsid rm a', 'blocked', rm],
  ["watch -n 1 'rm a'", 'blocked', rm],
  ['flock /tmp/lock rm a', 'blocked', rm],
  ["flock /tmp/lock -c 'rm a'", 'blocked', rm],
  ['ionice -c 3 rm a', 'blocked', rm],
  ['taskset 0x1 rm a', 'blocked', rm],
  ['unshare -r rm a', 'blocked', rm],
  ["script -q -c 'rm a' /dev/null", 'blocked', rm],
  ['busybox rm a', 'blocked', rm],
  ['/bin/rm a', 'blocked', rm],
  ['sudo /usr/bin/rm a', 'blocked', rm],
  ['find . -name x -exec rm {} ;', 'blocked', rm],
  ["r''m a", 'blocked', rm],
  ['\\rm a', 'blocked', rm],
  ["$'\\x72m' a", 'blocked', rm],
  ['"rm" a', 'blocked', rm],
  // dynamic or unparsable commands ask
  ['$CMD a', 'needs_approval'],
  ['`echo ls` a', 'needs_approval'],
  ['{rm,-rf,/}', 'needs_approval'],
  ['bash -c "$X"', 'needs_approval'],
  ['echo ok | bash', 'needs_approval'],
  ['ls "unterminated', 'needs_approval'],
  ['ls ' + 'a'.repeat(12_001), 'needs_approval'],
  // env prefixes
  ['CI=1 git log', 'auto_approved', 'Bash(git log *)'],
  ['NODE_ENV=test LC_ALL=C npm run test x', 'auto_approved', 'Bash(npm run test *)'],
  ['PATH=/tmp git log', 'needs_approval'],
  ['LD_PRELOAD=/tmp/x.so ls', 'needs_approval'],
  ['GIT_DIR=/tmp/x git log', 'needs_approval'],
  ['NODE_OPTIONS=--require=/tmp/x.js npm run test', 'needs_approval'],
  ['export PATH=/tmp:$PATH; git log', 'needs_approval'],
  ['timeout 5 env LD_PRELOAD=x ls', 'needs_approval'],
  ['n=3; git log -n $n', 'auto_approved', 'Bash(git log *)'],
  // redirects are writes checked as Edit
  ['echo hi > out.txt', 'needs_approval'],
  ['echo hi > out.txt', 'auto_approved', undefined, 'acceptEdits'],
  ['echo hi >> /etc/hosts', 'blocked', 'Edit(//etc/**)', 'acceptEdits'],
  ['echo hi > /dev/null 2>&1', 'auto_approved', 'Bash(echo *)'],
  ['echo hi &> /dev/null', 'auto_approved', 'Bash(echo *)'],
  ['echo hi > "$OUT"', 'needs_approval'],
  ['cat < .env', 'blocked', 'Read(.env)'],
  ['cat .env', 'blocked', 'Read(.env)'],
  ['cat src/../.env', 'blocked', 'Read(.env)'],
  ['cat <> data.txt', 'needs_approval'],
  ['cat <> data.txt', 'auto_approved', undefined, 'acceptEdits'],
  ['echo x > .env', 'blocked', 'Read(.env)', 'acceptEdits'],
  ['echo x > .git/hooks/pre-commit', 'needs_approval', undefined, 'acceptEdits'],
  ['cat /proc/self/environ', 'blocked'],
  ['cd /etc && cat passwd', 'needs_approval'],
  ['cd sub && git log', 'auto_approved', 'Bash(git log *)'],
  ['cat src/a.ts', 'auto_approved', 'Bash(cat *)'],
  ['cat /etc/hostname', 'needs_approval'],
  // never prefix-approved
  ['find . -name x', 'auto_approved', 'Bash(find *)'],
  ['find . -delete', 'needs_approval'],
  ["sed 's/a/b/' src/a.ts", 'auto_approved', 'Bash(sed *)'],
  ["sed -i 's/a/b/' src/a.ts", 'needs_approval'],
  ["sed 's/a/b/w out' src/a.ts", 'needs_approval'],
  ["sed '1e id' src/a.ts", 'needs_approval'],
  ["awk '{print $1}' src/a.ts", 'auto_approved', 'Bash(awk *)'],
  ['awk \'{system("id")}\' src/a.ts', 'needs_approval'],
  ['node scripts/build.js', 'auto_approved', 'Bash(node *)'],
  ["node -e 'process.exit(1)'", 'needs_approval'],
  ["python3 -c 'print(1)'", 'needs_approval'],
  // text that only looks like commands
  ['ls # ; rm a', 'auto_approved', 'Bash(ls*)'],
  ['echo "rm a"', 'auto_approved', 'Bash(echo *)'],
  ["echo 'a && rm b'", 'auto_approved', 'Bash(echo *)'],
  ['echo a\u202Eb', 'needs_approval'],
  // plan and bypass
  ['git log', 'blocked', undefined, 'plan'],
  ['make build', 'auto_approved', undefined, 'bypass'],
  ['rm a', 'blocked', rm, 'bypass'],
  ['git push', 'needs_approval', 'Bash(git push *)', 'bypass'],
  // a wrapper that changes folder moves the files its command names; variables set by loops and builtins
  ['timeout 5 env -C /etc cat passwd', 'needs_approval'],
  ['timeout 5 env -C src cat a.ts', 'auto_approved', 'Bash(timeout *)'],
  ['for PATH in /tmp; do git log; done', 'needs_approval'],
  ['for f in src/a.ts; do cat $f; done', 'needs_approval'],
  ['export PATH; git log', 'needs_approval'],
  // git in another repository
  ['cd .. && git log', 'needs_approval'],
  ['git -C .. log', 'needs_approval'],
  ['git -c core.pager=sh log -n 1', 'needs_approval'],
];

describe('shell commands', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({ user: { permissions: { allow: ALLOW, deny: DENY, ask: ASK } } });
  });
  afterAll(() => f.cleanup());

  it.each(cases)('%j → %s', async (command, expected, rule, mode) => {
    const v = await f.bash(command, mode);
    expect(v.decision, v.reason).toBe(expected);
    if (rule !== undefined) expect(v.rule).toBe(rule);
  });
});

describe('critical commands ask in every mode', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({ user: { permissions: { allow: ['Bash(rm *)', 'Bash(sudo *)'] } } });
  });
  afterAll(() => f.cleanup());
  const critical: [string, Expect][] = [
    ['rm -rf /', 'needs_approval'],
    ['rm -rf /*', 'needs_approval'],
    ['rm -rf ~', 'needs_approval'],
    ['rm -fr ~/', 'needs_approval'],
    ['rm -rf /usr', 'needs_approval'],
    ['rm -r --force /etc/', 'needs_approval'],
    ['rm -rf .', 'needs_approval'],
    ['rm -rf ..', 'needs_approval'],
    ['rm -rf *', 'needs_approval'],
    ['rm -rf "$EMPTY"/*', 'needs_approval'],
    ['sudo rm -rf /', 'needs_approval'],
    ['rm -rf build', 'auto_approved'],
    ['rm -f *.log', 'auto_approved'],
  ];
  it.each(critical)('%j in bypass → %s', async (command, expected) => {
    expect((await f.bash(command, 'bypass')).decision).toBe(expected);
  });
  it.each(critical)('%j with an allow rule in acceptEdits → %s', async (command, expected) => {
    expect((await f.bash(command, 'acceptEdits')).decision).toBe(expected);
  });
});
