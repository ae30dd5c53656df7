import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from './fixture';

// Options of read-only commands that run a program are like `find -exec`: a wildcard or prefix rule never
// approves them (the reason names the option), only an exact rule can. Each case first runs for real in bash in
// the workspace and must create MARKER (proving the option runs something), then the policy must not approve it.

const ALLOW = [
  'Bash(rg *)', 'Bash(tar *)', 'Bash(sort *)', 'Bash(split *)', 'Bash(less *)', 'Bash(man *)', 'Bash(git *)',
  'Bash(script *)', 'Bash(tree *)', 'Bash(wget *)', 'Bash(curl *)', 'Bash(xargs *)', 'Bash(grep *)',
];

/** Runs the command in a pseudo-terminal, as less and man need one before they run a pager or a command. */
const PTY = 'timeout 20 script -qec "bash ./pty.sh" /dev/null </dev/null >/dev/null 2>&1';

/**
 * [command as the agent writes it, the option the reason must name, bash script that proves it (default: the
 * command; PTY: the command in a pseudo-terminal)]
 */
type Case = [command: string, option: string, proof?: string];

const cases: Case[] = [
  ['rg --pre ./mark.sh hello .', 'rg --pre'],
  ['rg --pre=./mark.sh hello .', 'rg --pre'],
  ['rg -n --pre ./mark.sh hello f.txt', 'rg --pre'],
  ['rg hello f.txt --pre ./mark.sh', 'rg --pre'],
  ["tar --checkpoint=1 --checkpoint-action=exec='touch MARKER' -cf /dev/null f.txt", 'tar --checkpoint-action'],
  ["tar --checkpoint=1 --checkpoint-act=exec='touch MARKER' -cf /dev/null f.txt", 'tar --checkpoint-action'],
  ['tar -I ./mark.sh -cf out.tar f.txt', 'tar -I'],
  ['tar -cI./mark.sh -f out.tar f.txt', 'tar -I'],
  ['tar --use-compress-program=./mark.sh -cf out.tar f.txt', 'tar --use-compress-program'],
  ['tar --use-compress ./mark.sh -cf out.tar f.txt', 'tar --use-compress-program'],
  ["tar --to-command='touch MARKER' -xf a.tar", 'tar --to-command'],
  ["tar -M -F 'touch MARKER' -L 10 -cf out.tar big.txt", 'tar -F', "tar -M -F 'touch MARKER' -L 10 -cf out.tar big.txt 2>/dev/null </dev/null || true"],
  ['sort -S 4K --compress-program=./mark.sh big.txt', 'sort --compress-program', 'sort -S 4K --compress-program=./mark.sh big.txt >/dev/null'],
  ['sort -S 4K --compress-prog ./mark.sh big.txt', 'sort --compress-program', 'sort -S 4K --compress-prog ./mark.sh big.txt >/dev/null'],
  ["split --filter='touch MARKER; cat >/dev/null' f.txt", 'split --filter'],
  ["less '+!touch MARKER\nq' f.txt", 'less +!touch MARKER', PTY],
  ["man -P 'sh -c \"touch MARKER\"' ls", 'man -P', PTY],
  ["man --pager='sh -c \"touch MARKER\"' ls", 'man --pager', PTY],
  ['git log -p --ext-diff -1', 'git log --ext-diff', 'git log -p --ext-diff -1 >/dev/null'],
  ['git show --ext-diff HEAD', 'git show --ext-diff', 'git show --ext-diff HEAD >/dev/null'],
  ["git fetch --upload-p='touch MARKER; exit 1; :' origin", 'git fetch --upload-pack', "git fetch --upload-p='touch MARKER; exit 1; :' origin 2>/dev/null || true"],
];

describe('options that run programs need an exact rule', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture();
    f.setSettings('user', { permissions: { allow: ALLOW } });
  });
  afterAll(() => f.cleanup());

  /** Fresh files for each case: the marker script, inputs, an archive, a repository with an external diff. */
  const prepare = (): void => {
    rmSync(path.join(f.ws, 'MARKER'), { force: true });
    const mark = f.write('mark.sh', '#!/bin/sh\ntouch "$(dirname "$0")/MARKER"\ncat\n');
    chmodSync(mark, 0o755);
    f.write('f.txt', 'hello\n');
    f.write('big.txt', Array.from({ length: 20000 }, (_, i) => `${(i * 7919) % 20000} line\n`).join(''));
    if (!existsSync(path.join(f.ws, '.git'))) {
      const git = (...args: string[]): void => void execFileSync('git', args, { cwd: f.ws, stdio: 'ignore' });
      git('init', '-q');
      git('config', 'user.email', 'a@b.c');
      git('config', 'user.name', 'a');
      git('config', 'diff.external', './mark.sh');
      git('remote', 'add', 'origin', f.ws);
      git('add', 'f.txt');
      git('commit', '-qm', 'one');
      writeFileSync(path.join(f.ws, 'f.txt'), 'hello again\n');
      git('commit', '-qam', 'two');
      execFileSync('tar', ['-cf', 'a.tar', 'f.txt'], { cwd: f.ws });
    }
  };

  it.each(cases)('%j runs a program, and Bash(…*) does not approve it', async (command, option, proof) => {
    prepare();
    f.write('pty.sh', `${command}\n`);
    execFileSync('bash', ['-c', `timeout 20 ${proof ?? `${command} >/dev/null`}`], { cwd: f.ws, stdio: 'ignore', env: { ...process.env, HOME: f.home } });
    expect(existsSync(path.join(f.ws, 'MARKER')), `${command} did not run its program`).toBe(true);
    const v = await f.bash(command);
    expect(v.decision, v.reason).not.toBe('auto_approved');
    expect(v.reason).toContain(option);
  });

  it('an exact rule still allows it', async () => {
    const g = makeFixture();
    try {
      g.setSettings('user', { permissions: { allow: ['Bash(rg --pre ./mark.sh hello .)'] } });
      const v = await g.bash('rg --pre ./mark.sh hello .');
      expect(v.decision, v.reason).toBe('auto_approved');
    } finally {
      g.cleanup();
    }
  });

  it('names the option and says only an exact rule can allow it', async () => {
    const v = await f.bash('rg --pre ./mark.sh hello .');
    expect(v.reason).toContain('rg --pre runs a program on every file it searches, so only an exact rule can allow it');
  });

  // No real program for these here (tree is not installed; wget would need a server): the policy side only.
  it.each([
    ['less -k keys.bin f.txt', 'less -k'],
    ['less --lesskey-file=keys.bin f.txt', 'less --lesskey-file'],
    ['less +:e.bashrc f.txt', 'less +:e.bashrc'],
    ['man -H ls', 'man -H'],
    ['man -Hfirefox ls', 'man -H'],
    ['man -C my.conf ls', 'man -C'],
    ['wget -e robots=off http://example.com/', 'wget -e'],
    ['wget --use-askpass=./mark.sh http://example.com/', 'wget --use-askpass'],
    ['curl -K my.cfg http://example.com/', 'curl -K'],
    ['git diff --textconv', 'git diff --textconv'],
    ['git cat-file --textconv HEAD:f.txt', 'git cat-file --textconv'],
    ['git grep -O hello', 'git grep -O'],
    ['git rebase -ix "make test" main', 'git rebase -x'],
    ['tar --rsh-command=./mark.sh -cf host:x.tar f.txt', 'tar --rsh-command'],
    ['tar xf a.tar --to-command ./mark.sh', 'tar --to-command'],
    ['rg --frobnicate hello', 'rg has an option the policy does not know: --frobnicate'],
    ['tree -X --weird', 'tree has an option the policy does not know: --weird'],
    ['rg "$OPT" hello .', 'an argument of rg only known at run time could be an option'],
    ['git log "$X"', 'an argument of git log only known at run time could be an option'],
  ])('%j is not approved by a wildcard rule', async (command, reason) => {
    const v = await f.bash(command);
    expect(v.decision, v.reason).not.toBe('auto_approved');
    expect(v.reason).toContain(reason);
  });

  // The same rules keep approving what runs nothing.
  it.each([
    'rg -n hello', 'rg -z hello .', 'rg --no-ignore -g "*.ts" -e hello src', 'rg --pre-glob "*.pdf" hello', 'rg --files',
    'grep -rn hello src', 'grep -5 -e hello f.txt', 'tar -tf a.tar', 'tar -tvzf a.tgz', 'tar tf a.tar',
    "tar --checkpoint=100 --checkpoint-action=dot -tf a.tar", 'sort -n f.txt', 'sort -u -k 2 f.txt', 'less -N f.txt', 'less +G f.txt',
    'less +/hello f.txt', 'man ls', 'man -k printf', 'git log --oneline -5', 'git diff HEAD~1', 'git show --stat HEAD',
    'xargs -n 1 echo < f.txt',
  ])('%j stays allowed', async (command) => {
    f.setSettings('user', { permissions: { allow: [...ALLOW, 'Bash(echo *)'] } });
    const v = await f.bash(command);
    expect(v.decision, v.reason).toBe('auto_approved');
  });
});

describe('xargs options with an optional value do not hide the command it runs', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture();
    f.setSettings('user', { permissions: { allow: ['Bash(xargs *)', 'Bash(echo *)'], deny: ['Bash(touch *)'] } });
  });
  afterAll(() => f.cleanup());

  it.each(['echo a | xargs -i touch MARKER', 'echo a | xargs -l touch MARKER', 'echo a | xargs --replace touch MARKER', 'echo a | xargs -e touch MARKER'])(
    '%j runs touch, and the deny rule of touch blocks it',
    async (command) => {
      rmSync(path.join(f.ws, 'MARKER'), { force: true });
      execFileSync('bash', ['-c', command], { cwd: f.ws, stdio: 'ignore' });
      expect(existsSync(path.join(f.ws, 'MARKER'))).toBe(true);
      const v = await f.bash(command);
      expect(v.decision, v.reason).toBe('blocked');
    },
  );
});
