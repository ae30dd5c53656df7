import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * What the environment block needs of a repository that git keeps in plain files, read without starting git: a
 * turn of a session outside any repository starts no process, and one inside starts only `git status` (and `git
 * log` when HEAD moved). Starting a process costs milliseconds of the engine's main thread on a large heap.
 */

export interface GitDirs {
  /** The worktree's own git folder (`.git`, or `.git/worktrees/NAME` for a linked worktree). */
  gitDir: string;
  /** The folder its worktrees share (refs, packed-refs). */
  commonDir: string;
}

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const kindOf = (p: string): 'dir' | 'file' | null => {
  try {
    const s = statSync(p);
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : null;
  } catch {
    return null;
  }
};

/** The git folders of the repository `cwd` is in (looking up from it, as git does), or null outside any. */
export function findGitDirs(cwd: string): GitDirs | null {
  let dir = path.resolve(cwd);
  for (;;) {
    const dotGit = path.join(dir, '.git');
    const kind = kindOf(dotGit);
    if (kind === 'dir' && kindOf(path.join(dotGit, 'HEAD')) === 'file') return { gitDir: dotGit, commonDir: dotGit };
    if (kind === 'file') {
      // A linked worktree or a submodule: `.git` names the real folder, whose `commondir` names the shared one.
      const target = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '')?.[1]?.trim();
      if (!target) return null;
      const gitDir = path.resolve(dir, target);
      const common = readText(path.join(gitDir, 'commondir'))?.trim();
      return { gitDir, commonDir: common ? path.resolve(gitDir, common) : gitDir };
    }
    const up = path.dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

/** The sha a full ref name points at: its loose file, else packed-refs; null when neither says (reftable, a broken ref). */
function resolveRef(dirs: GitDirs, ref: string): string | null {
  for (const base of [dirs.gitDir, dirs.commonDir]) {
    const loose = readText(path.join(base, ref))?.trim();
    if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  }
  const packed = readText(path.join(dirs.commonDir, 'packed-refs')) ?? '';
  for (const line of packed.split('\n')) {
    const [sha, name] = line.split(' ');
    if (name === ref && sha && /^[0-9a-f]{40,64}$/.test(sha)) return sha;
  }
  return null;
}

/** HEAD: the branch checked out (null when detached) and the commit (null when unborn or unreadable). */
export function headOf(dirs: GitDirs): { branch: string | null; sha: string | null } {
  const head = readText(path.join(dirs.gitDir, 'HEAD'))?.trim() ?? '';
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (ref) return { branch: ref.replace(/^refs\/heads\//, ''), sha: resolveRef(dirs, ref) };
  return { branch: null, sha: /^[0-9a-f]{40,64}$/.test(head) ? head : null };
}

/** The default branch: what origin/HEAD points at, else main or master when one exists. */
export function defaultBranchOf(dirs: GitDirs): string | null {
  const origin = readText(path.join(dirs.commonDir, 'refs', 'remotes', 'origin', 'HEAD'))?.trim();
  const named = origin ? /^ref:\s*refs\/remotes\/origin\/(\S+)$/.exec(origin)?.[1] : undefined;
  if (named) return named;
  for (const name of ['main', 'master']) if (resolveRef(dirs, `refs/heads/${name}`) !== null) return name;
  return null;
}
