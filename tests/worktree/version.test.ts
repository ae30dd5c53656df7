import { describe, expect, it } from 'vitest';
import { MERGE_TREE_MIN, checkMergeTreeSupport, parseGitVersion } from '../../main/core/worktree/version';
import { createGit } from '../../main/core/worktree/git';

describe('git version check', () => {
  it('reads the versions git prints, on every platform', () => {
    expect(parseGitVersion('git version 2.39.5\n')).toEqual([2, 39]);
    expect(parseGitVersion('git version 2.45.1.windows.1')).toEqual([2, 45]);
    expect(parseGitVersion('git version 2.37.1 (Apple Git-137.1)')).toEqual([2, 37]);
    expect(parseGitVersion('no git here')).toBeNull();
  });

  it('accepts the installed git (the tests need merge-tree --write-tree)', async () => {
    expect(MERGE_TREE_MIN).toEqual([2, 38]);
    expect((await checkMergeTreeSupport(createGit(process.env))).ok).toBe(true);
  });
});
