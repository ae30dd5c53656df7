import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { gitFailure, type Git } from './git';

/** `git merge-tree --write-tree` (a merge without a working tree) arrived in git 2.38. */
export const MERGE_TREE_MIN: readonly [number, number] = [2, 38];

export function parseGitVersion(text: string): [number, number] | null {
  const m = /git version (\d+)\.(\d+)/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

// One answer per git (its environment's PATH picks the binary), asked once.
const cached = new WeakMap<Git, Promise<Result<null>>>();

/** Ok when the installed git can preview merges; the error names the version found and the one needed. */
export function checkMergeTreeSupport(git: Git): Promise<Result<null>> {
  const known = cached.get(git);
  if (known) return known;
  const answer = (async (): Promise<Result<null>> => {
    const run = await git.run('.', ['--version']);
    if (run.code !== 0) return err('invalid_state', gitFailure(msg('engineErrors.git.checkingVersion'), run));
    const v = parseGitVersion(run.stdout);
    const [major, minor] = MERGE_TREE_MIN;
    if (!v) return err('invalid_state', msg('engineErrors.worktree.gitVersionUnreadable', { output: run.stdout.trim(), needed: `${major}.${minor}` }));
    if (v[0] < major || (v[0] === major && v[1] < minor)) {
      return err('invalid_state', msg('engineErrors.worktree.gitTooOld', { version: `${v[0]}.${v[1]}`, needed: `${major}.${minor}` }));
    }
    return ok(null);
  })();
  cached.set(git, answer);
  return answer;
}
