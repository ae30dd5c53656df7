import { execFile } from 'node:child_process';
import { defaultBranchOf, findGitDirs, headOf } from '../../worktree/git-dir';

/** What the environment block says of a workspace's repository; null fields: not a repository, or not known. */
export interface GitFacts {
  repo: boolean;
  branch: string | null;
  defaultBranch: string | null;
  /** `git status --short` lines, at most STATUS_LINES, and how many there were in all. */
  status: string[];
  statusTotal: number;
  /** The subjects of the last few commits, newest first. */
  commits: string[];
  /** The repository's common git folder (shared by its worktrees), to find the sessions working in the same repository. */
  commonDir: string | null;
}

export const STATUS_LINES = 20;
export const COMMIT_SUBJECTS = 5;
const GIT_TIMEOUT_MS = 3000;

function git(cwd: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: GIT_TIMEOUT_MS, maxBuffer: 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } }, (e, out) =>
      resolve(e ? null : out),
    );
  });
}

const lines = (text: string | null): string[] => (text ?? '').split('\n').filter((l) => l.trim() !== '');

/** The last commits' subjects, by the commit they were read at: asked of git again only when HEAD moves. */
const subjectsAt = new Map<string, { sha: string; commits: string[] }>();
const SUBJECTS_KEPT = 256;

async function recentCommits(cwd: string, sha: string | null): Promise<string[]> {
  const kept = sha === null ? undefined : subjectsAt.get(cwd);
  if (kept && kept.sha === sha) return kept.commits;
  const commits = lines(await git(cwd, ['log', `-${COMMIT_SUBJECTS}`, '--format=%h %s']));
  if (sha !== null) {
    subjectsAt.delete(cwd);
    subjectsAt.set(cwd, { sha, commits });
    if (subjectsAt.size > SUBJECTS_KEPT) subjectsAt.delete(subjectsAt.keys().next().value as string);
  }
  return commits;
}

/**
 * Read at each turn start: the repository, branch and default branch from git's own files, the status from `git
 * status` (bounded in time; a failure leaves it out), the commits from `git log` when HEAD moved since last time.
 */
export async function gitFacts(cwd: string): Promise<GitFacts> {
  const dirs = findGitDirs(cwd);
  if (dirs === null) return { repo: false, branch: null, defaultBranch: null, status: [], statusTotal: 0, commits: [], commonDir: null };
  const head = headOf(dirs);
  const [status, commits] = await Promise.all([git(cwd, ['status', '--porcelain', '--untracked-files=normal']), recentCommits(cwd, head.sha)]);
  const all = lines(status);
  return {
    repo: true,
    branch: head.branch,
    defaultBranch: defaultBranchOf(dirs),
    status: all.slice(0, STATUS_LINES),
    statusTotal: all.length,
    commits,
    commonDir: dirs.commonDir,
  };
}
