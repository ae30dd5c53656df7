import { describe, expect, it } from 'vitest';
import { bashEffects, matchesPattern } from '../../main/core/conflicts/bash-effects';

const WS = '/ws';

describe('bash effects for the runtime gate', () => {
  it('finds redirect targets and known writers', () => {
    expect(bashEffects('echo hi > a.txt && cat b >> logs/c.log 2>&1', WS).writes).toEqual(['/ws/a.txt', '/ws/logs/c.log']);
    expect(bashEffects('ls | tee -a out.txt other.txt', WS).writes).toEqual(['/ws/out.txt', '/ws/other.txt']);
    expect(bashEffects('cp -r src dst.txt; mv old.txt new.txt', WS).writes).toEqual(['/ws/dst.txt', '/ws/new.txt', '/ws/old.txt']);
    expect(bashEffects("sed -i 's/a/b/' f.txt", WS).writes).toEqual(['/ws/f.txt']);
    expect(bashEffects('rm -f x.txt; touch y.txt', WS).writes).toEqual(['/ws/x.txt', '/ws/y.txt']);
    expect(bashEffects('echo "a > b" > "my file.txt"', WS).writes).toEqual(['/ws/my file.txt']);
  });

  it('skips what it cannot know: expansions, descriptors, /dev', () => {
    expect(bashEffects('echo x > $OUT; echo y > /dev/null; echo z >&2', WS).writes).toEqual([]);
    expect(bashEffects('cd sub && echo a > f.txt', WS).writes).toEqual(['/ws/sub/f.txt']);
    expect(bashEffects('cd $DIR && echo a > f.txt', WS).writes).toEqual([]);
  });

  it('marks installs and git index commands exclusive, and destructive git', () => {
    expect(bashEffects('npm install', WS).exclusive).toBe('npm install');
    expect(bashEffects('pnpm add zod', WS).exclusive).toBe('pnpm add zod');
    expect(bashEffects('yarn', WS).exclusive).toBe('yarn');
    expect(bashEffects('git -C . commit -m x', WS).exclusive).toBe('git -C . commit -m x');
    expect(bashEffects('git status && git log', WS).exclusive).toBeNull();
    expect(bashEffects('npm test', WS).exclusive).toBeNull();
    expect(bashEffects('git reset --hard HEAD', WS).destructiveGit).toBe('git reset --hard HEAD');
    expect(bashEffects('git stash', WS).destructiveGit).toBe('git stash');
    expect(bashEffects('git stash list', WS).destructiveGit).toBeNull();
    expect(bashEffects('git clean -fd', WS).destructiveGit).toBe('git clean -fd');
    expect(bashEffects('git clean -n', WS).destructiveGit).toBeNull();
    expect(bashEffects('git checkout -- a.txt', WS).destructiveGit).toBe('git checkout -- a.txt');
    expect(bashEffects('git reset HEAD a.txt', WS).destructiveGit).toBeNull();
    expect(bashEffects('make deploy prod', WS, ['make deploy*']).exclusive).toBe('make deploy prod');
    expect(matchesPattern('make deploy*', 'make test')).toBe(false);
  });
});
