import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';

/** Runs git in `cwd` (hooks off, no prompts) and returns its trimmed output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** A real repository on branch `main` with one commit (README.md, and `files`), its identity configured locally. */
export function makeRepo(files: Record<string, string> = {}): string {
  const dir = tempDir('paragents-repo-');
  git(dir, 'init', '--quiet', '--initial-branch=main');
  git(dir, 'config', 'user.name', 'Test User');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'commit.gpgsign', 'false');
  writeFileSync(join(dir, 'README.md'), '# repo\n');
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'initial');
  return dir;
}

/** Commits `files` on the checked-out branch of `dir`. */
export function commitFiles(dir: string, files: Record<string, string>, message = 'change'): string {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

export const branchExists = (repo: string, branch: string): boolean => {
  try {
    git(repo, 'rev-parse', '--verify', '--quiet', `refs/heads/${branch}`);
    return true;
  } catch {
    return false;
  }
};

/** A scripted-model rule that writes one file with the Write tool, then answers. */
export const writeRule = (when: string, path: string, content: string) => ({
  when,
  steps: [{ toolCalls: [{ name: 'Write', arguments: { path, content } }] }, { content: `wrote ${path}` }],
});

/** Reads then overwrites an existing file (a session may only overwrite what it has read). */
export const overwriteRule = (when: string, path: string, content: string) => ({
  when,
  steps: [
    { toolCalls: [{ name: 'Read', arguments: { path } }] },
    { toolCalls: [{ name: 'Write', arguments: { path, content } }] },
    { content: `rewrote ${path}` },
  ],
});
