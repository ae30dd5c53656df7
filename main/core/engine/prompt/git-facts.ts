import { execFile } from 'node:child_process';

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

/** The default branch: what origin/HEAD points at, else main or master when one exists. */
async function defaultBranch(cwd: string): Promise<string | null> {
  const head = (await git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']))?.trim();
  if (head) return head.replace(/^origin\//, '');
  for (const name of ['main', 'master']) {
    if ((await git(cwd, ['rev-parse', '--verify', '--quiet', `refs/heads/${name}`])) !== null) return name;
  }
  return null;
}

/** Read with `git` at each turn start; every command is bounded in time, and a failure leaves its fact out. */
export async function gitFacts(cwd: string): Promise<GitFacts> {
  const top = await git(cwd, ['rev-parse', '--path-format=absolute', '--git-common-dir']);
  if (top === null) return { repo: false, branch: null, defaultBranch: null, status: [], statusTotal: 0, commits: [], commonDir: null };
  const [branch, status, log, def] = await Promise.all([
    git(cwd, ['branch', '--show-current']),
    git(cwd, ['status', '--short', '--untracked-files=normal']),
    git(cwd, ['log', `-${COMMIT_SUBJECTS}`, '--format=%h %s']),
    defaultBranch(cwd),
  ]);
  const all = lines(status);
  return {
    repo: true,
    branch: branch?.trim() || null,
    defaultBranch: def,
    status: all.slice(0, STATUS_LINES),
    statusTotal: all.length,
    commits: lines(log),
    commonDir: top.trim(),
  };
}
