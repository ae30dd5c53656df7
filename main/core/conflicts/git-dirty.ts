import { execFile } from 'node:child_process';
import path from 'node:path';
import { realPathOf } from './real-path';

type Env = Readonly<Record<string, string | undefined>>;

function git(cwd: string, args: string[], env: Env): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, env: { ...env }, timeout: 10_000, maxBuffer: 32 * 1024 * 1024 }, (e, stdout) => resolve(e ? null : stdout));
  });
}

/**
 * The worktree of `dir` and the real paths git reports as changed or untracked in it; null when `dir` is not
 * in a git worktree (or git is missing), so there is nothing for a git command to discard. `env`: the engine's
 * environment, the one the command being checked runs with (so git finds the same repository and config).
 */
export async function gitDirtyPaths(dir: string, env: Env): Promise<{ root: string; dirty: Set<string> } | null> {
  const top = await git(dir, ['rev-parse', '--show-toplevel'], env);
  if (top === null) return null;
  const root = realPathOf(top.trim());
  const status = await git(dir, ['status', '--porcelain=v1', '-z', '--untracked-files=all'], env);
  if (status === null) return null;
  const dirty = new Set<string>();
  const parts = status.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i] as string;
    if (entry.length < 4) continue;
    dirty.add(path.join(root, entry.slice(3)));
    // A rename or copy is followed by its source path.
    if (entry[0] === 'R' || entry[0] === 'C') i++;
  }
  return { root, dirty };
}
