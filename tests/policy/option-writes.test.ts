import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from './fixture';

// An option of an allowed command that writes a file is checked like `> FILE`: outside the workspace and on
// protected paths it asks (naming the path), inside the workspace it follows acceptEdits and Edit rules. Each
// case first runs for real in bash and must truncate or create the file (proving the option writes it).

const ALLOW = [
  'Bash(git log *)', 'Bash(git diff *)', 'Bash(git show *)', 'Bash(git format-patch *)', 'Bash(git archive *)',
  'Bash(sort *)', 'Bash(shuf *)', 'Bash(uniq *)', 'Bash(tar *)', 'Bash(curl *)', 'Bash(find *)', 'Bash(split *)',
  'Bash(csplit *)', 'Bash(less *)', 'Bash(tree *)', 'Bash(wget *)', 'Bash(grep *)', 'Bash(rg *)', 'Bash(xargs *)',
  'Bash(git blame *)', 'Bash(diff *)', 'Bash(cat *)',
];

/**
 * [command, the file (or folder) it writes relative to the workspace, bash script that proves it (default: the
 * command), the path the reason names (default: the target's folder outside the workspace, or its first part)]
 */
type Case = [command: string, target: string, proof?: string, shown?: string];

const OUT = '../outside/victim';
const cases: Case[] = [
  [`git log --output=${OUT} -1`, OUT],
  [`git log --output ${OUT} -1`, OUT],
  [`git log -p --output=${OUT}`, OUT],
  [`git diff HEAD~1 --output=${OUT}`, OUT],
  [`git show --output=${OUT} HEAD`, OUT],
  ['git log --output=.git/hooks/pre-commit -1', '.git/hooks/pre-commit'],
  [`git format-patch -o ../outside/patches -1`, '../outside/patches'],
  [`git format-patch -o../outside/patches -1`, '../outside/patches'],
  [`git format-patch --output-directory=../outside/patches -1`, '../outside/patches'],
  [`git archive -o ${OUT} HEAD`, OUT],
  [`git archive --output=${OUT} HEAD`, OUT],
  [`sort -o ${OUT} f.txt`, OUT],
  [`sort -o${OUT} f.txt`, OUT],
  [`sort -uo ${OUT} f.txt`, OUT],
  [`sort -nuo${OUT} f.txt`, OUT],
  [`sort --output=${OUT} f.txt`, OUT],
  [`sort --output ${OUT} f.txt`, OUT],
  [`sort --outp=${OUT} f.txt`, OUT],
  [`sort f.txt -o ${OUT}`, OUT],
  ['sort -o .bashrc f.txt', '.bashrc'],
  [`shuf -o ${OUT} f.txt`, OUT],
  [`shuf --output=${OUT} -e a b`, OUT],
  [`uniq -f 1 f.txt ${OUT}`, OUT],
  [`tar -cf ${OUT} f.txt`, OUT],
  [`tar cf ${OUT} f.txt`, OUT],
  [`tar --create --file=${OUT} f.txt`, OUT],
  [`tar -xf a.tar -C ../outside`, '../outside/f.txt'],
  [`tar -C ../outside -xf a.tar`, '../outside/f.txt'],
  [`tar xf a.tar --directory=../outside`, '../outside/f.txt'],
  // The archive picks the names: extraction is a write of the whole folder it extracts into.
  ['tar -xf hooks.tar', '.git/hooks/post-checkout', undefined, '.'],
  [`curl -s -o ${OUT} file://{ws}/f.txt`, OUT],
  [`curl -so${OUT} file://{ws}/f.txt`, OUT],
  [`curl -s --output ${OUT} file://{ws}/f.txt`, OUT],
  [`find . -maxdepth 0 -fprint ${OUT}`, OUT],
  [`split -l 1 f.txt ../outside/piece`, '../outside/pieceaa'],
  [`csplit -s -f ../outside/piece f.txt 2`, '../outside/piece00'],
  // less logs only what it reads from a pipe, and only on a terminal.
  [`cat f.txt | less -o ${OUT}`, OUT, `script -qec "cat f.txt | less -o ${OUT} -F" /dev/null </dev/null`],
  [`cat f.txt | less -fo${OUT}`, OUT, `script -qec "cat f.txt | less -fo${OUT} -F" /dev/null </dev/null`],
  [`cat f.txt | less --log-file=${OUT}`, OUT, `script -qec "cat f.txt | less --log-file=${OUT} -F" /dev/null </dev/null`],
  [`cat f.txt | less --LOG-FILE ${OUT}`, OUT, `script -qec "cat f.txt | less --LOG-FILE ${OUT} -F" /dev/null </dev/null`],
  [`cat f.txt | less --log-f=${OUT}`, OUT, `script -qec "cat f.txt | less --log-f=${OUT} -F" /dev/null </dev/null`],
];

describe('options that write files are checked like redirections', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture();
    f.setSettings('user', { permissions: { allow: ALLOW } });
    f.write('f.txt', 'b 2\na 1\nc 3\n');
    const git = (...args: string[]): void => void execFileSync('git', args, { cwd: f.ws, stdio: 'ignore' });
    git('init', '-q');
    git('config', 'user.email', 'a@b.c');
    git('config', 'user.name', 'a');
    git('add', 'f.txt');
    git('commit', '-qm', 'one');
    writeFileSync(path.join(f.ws, 'f.txt'), 'b 2\na 1\nc 3\nd 4\n');
    git('commit', '-qam', 'two');
    execFileSync('tar', ['-cf', 'a.tar', 'f.txt'], { cwd: f.ws });
    // An archive whose member lands in .git/hooks when extracted in the workspace.
    const stage = path.join(f.root, 'stage');
    mkdirSync(path.join(stage, '.git', 'hooks'), { recursive: true });
    writeFileSync(path.join(stage, '.git', 'hooks', 'post-checkout'), '#!/bin/sh\n');
    execFileSync('tar', ['-cf', path.join(f.ws, 'hooks.tar'), '.git/hooks/post-checkout'], { cwd: stage });
  });
  afterAll(() => f.cleanup());

  it.each(cases)('%j writes %s, and Bash(…*) does not approve it', async (template, target, proof, named) => {
    const command = template.replaceAll('{ws}', f.ws);
    const file = path.resolve(f.ws, target);
    rmSync(file, { recursive: true, force: true });
    mkdirSync(path.dirname(file), { recursive: true });
    // less asks before it overwrites a log file, and format-patch makes its folder: these cases create the target.
    const creates = target.endsWith('patches') || command.includes('less');
    if (!creates) writeFileSync(file, 'precious\n');
    const before = creates ? 0 : statSync(file).mtimeMs;
    execFileSync('bash', ['-c', `timeout 20 ${proof?.replaceAll('{ws}', f.ws) ?? command} >/dev/null 2>&1 || true`], { cwd: f.ws, env: { ...process.env, HOME: f.home } });
    const changed = existsSync(file) && (creates || readFileSync(file, 'utf8') !== 'precious\n' || statSync(file).mtimeMs !== before);
    expect(changed, `${command} did not write ${target}`).toBe(true);
    const v = await f.bash(command);
    expect(v.decision, v.reason).toBe('needs_approval');
    const shown = named !== undefined ? path.resolve(f.ws, named) : target.startsWith('..') ? path.dirname(file) : path.resolve(f.ws, target.split('/')[0] as string);
    expect(v.reason).toContain(shown);
  });
});

describe('inside the workspace an option write follows the mode and Edit rules', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture();
    f.write('f.txt', 'b\na\n');
  });
  afterAll(() => f.cleanup());

  it('sort -o out.txt is a write of out.txt and a read of f.txt', async () => {
    f.setSettings('user', { permissions: { allow: ['Bash(sort *)'] } });
    const v = await f.bash('sort -o out.txt f.txt');
    expect(v.decision, v.reason).toBe('needs_approval');
    expect(v.reason).toContain(`writing ${path.join(f.ws, 'out.txt')}`);
    expect((await f.bash('sort -o out.txt f.txt', 'acceptEdits')).decision).toBe('auto_approved');
    f.setSettings('user', { permissions: { allow: ['Bash(sort *)', 'Edit(out.txt)'] } });
    expect((await f.bash('sort -o out.txt f.txt')).decision).toBe('auto_approved');
    f.setSettings('user', { permissions: { allow: ['Bash(sort *)', 'Edit(out.txt)'], deny: ['Read(f.txt)'] } });
    expect((await f.bash('sort -o out.txt f.txt')).decision, 'f.txt is still read').toBe('blocked');
  });

  it.each([
    ['git log --output=log.txt -1', 'Bash(git log *)'],
    ['tar -czf out.tgz src', 'Bash(tar *)'],
    ['curl -s -o page.html http://example.com/', 'Bash(curl *)'],
    ['wget -q http://example.com/', 'Bash(wget *)'],
    ['tree -o listing.txt', 'Bash(tree *)'],
    ['find . -fprint list.txt', 'Bash(find *)'],
  ])('%j asks in default mode and is allowed in acceptEdits', async (command, rule) => {
    f.setSettings('user', { permissions: { allow: [rule] } });
    expect((await f.bash(command)).decision).toBe('needs_approval');
    expect((await f.bash(command, 'acceptEdits')).decision).toBe('auto_approved');
  });

  it.each([
    ['tar -xf a.tar'],
    ['tar xf a.tar -C sub'],
    ['tar --extract --file=a.tar'],
  ])('%j picks the names it writes from the archive: it asks in every mode, even with an Edit rule', async (command) => {
    f.setSettings('user', { permissions: { allow: ['Bash(tar *)', 'Edit(**)'] } });
    for (const mode of ['default', 'acceptEdits', 'bypass'] as const) {
      const v = await f.bash(command, mode);
      expect(v.decision, `${mode}: ${v.reason}`).toBe('needs_approval');
      expect(v.reason).toContain('the names written there are only known at run time and may be protected paths');
    }
  });

  it('an option that writes a file gives it new content, as a redirect does, for the conflict checks', async () => {
    const { createShellAnalyzer } = await import('../../main/core/policy/shell/analyze');
    const { bashWrites } = await import('../../main/core/conflicts/bash-writes');
    const analyzer = createShellAnalyzer();
    for (const command of ['sort -o out.txt f.txt', 'git log --output=out.txt -1', 'curl -so out.txt http://example.com/']) {
      const writes = bashWrites(await analyzer.analyze(command, { cwd: f.ws, home: f.home }));
      expect(writes.writes, command).toContainEqual({ path: path.join(f.ws, 'out.txt'), edit: true });
    }
  });

  it.each([
    ['grep -f ../outside/secret.txt f.txt', 'Bash(grep *)', 'outside/secret.txt'],
    ['rg -f ../outside/secret.txt f.txt', 'Bash(rg *)', 'outside/secret.txt'],
    ['sort --files0-from=../outside/secret.txt', 'Bash(sort *)', 'outside/secret.txt'],
    ['diff --to-file=../outside/secret.txt f.txt', 'Bash(diff *)', 'outside/secret.txt'],
    ['xargs -a ../outside/secret.txt echo', 'Bash(xargs *)', 'outside/secret.txt'],
    ['git diff --no-index f.txt ../outside/secret.txt', 'Bash(git diff *)', 'outside/secret.txt'],
    ['git blame --contents ../outside/secret.txt f.txt', 'Bash(git blame *)', 'outside/secret.txt'],
  ])('%j reads outside the workspace', async (command, rule, file) => {
    f.setSettings('user', { permissions: { allow: [rule, 'Bash(echo *)'] } });
    const v = await f.bash(command);
    expect(v.decision, v.reason).toBe('needs_approval');
    expect(v.reason).toContain(file);
  });
});
