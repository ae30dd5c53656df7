// The repository facts read from git's own files (no process started), checked against what git itself says.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { defaultBranchOf, findGitDirs, headOf } from '../../main/core/worktree/git-dir';

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'init.defaultBranch=trunk', ...args], { cwd, encoding: 'utf8' }).trim();

describe('git facts from git’s files', () => {
  it('finds the repository from a subfolder, the branch, the commit and the default branch, loose or packed', () => {
    const repo = realpathSync(tempDir());
    git(repo, 'init', '-q');
    expect(headOf(findGitDirs(repo)!)).toEqual({ branch: 'trunk', sha: null });
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'first');
    mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
    const dirs = findGitDirs(join(repo, 'src', 'deep'))!;
    expect(dirs).toEqual({ gitDir: join(repo, '.git'), commonDir: git(repo, 'rev-parse', '--path-format=absolute', '--git-common-dir') });
    expect(headOf(dirs)).toEqual({ branch: 'trunk', sha: git(repo, 'rev-parse', 'HEAD') });
    expect(defaultBranchOf(dirs)).toBeNull();
    git(repo, 'branch', 'main');
    expect(defaultBranchOf(dirs)).toBe('main');
    git(repo, 'update-ref', 'refs/remotes/origin/develop', 'HEAD');
    git(repo, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/develop');
    expect(defaultBranchOf(dirs)).toBe('develop');
    // Packed refs are read too (git gc packs them).
    git(repo, 'pack-refs', '--all');
    expect(headOf(dirs).sha).toBe(git(repo, 'rev-parse', 'HEAD'));
    git(repo, 'checkout', '-q', '--detach');
    expect(headOf(dirs)).toEqual({ branch: null, sha: git(repo, 'rev-parse', 'HEAD') });
    expect(findGitDirs(realpathSync(tempDir()))).toBeNull();
  });

  it('a linked worktree shares its repository’s common folder and has its own HEAD', () => {
    const repo = realpathSync(tempDir());
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'first');
    const wt = join(realpathSync(tempDir()), 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'feature', wt);
    const dirs = findGitDirs(wt)!;
    expect(dirs.commonDir).toBe(findGitDirs(repo)!.commonDir);
    expect(dirs.commonDir).toBe(git(wt, 'rev-parse', '--path-format=absolute', '--git-common-dir'));
    expect(dirs.gitDir).toBe(git(wt, 'rev-parse', '--path-format=absolute', '--git-dir'));
    expect(headOf(dirs)).toEqual({ branch: 'feature', sha: git(wt, 'rev-parse', 'HEAD') });
  });
});
