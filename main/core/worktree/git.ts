import { execFile } from 'node:child_process';
import { err, ok, type Result } from '../../../shared/result';

export interface GitRun {
  /** Exit code; null when git could not be started (`missing`) or was killed. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** git is not installed or not on PATH. */
  missing: boolean;
}

export interface GitOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Settings for every git command Paragents runs: no hooks (a worktree's contents were written by a model, and
 * hooks run code), no credential or editor prompts, no pager.
 */
export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_EDITOR: 'true', GIT_PAGER: 'cat', ...extra };
}

const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

/** Runs `git -C cwd args`; never throws. */
export function runGit(cwd: string, args: readonly string[], opts: GitOptions = {}): Promise<GitRun> {
  return new Promise((resolve) => {
    execFile(
      'git',
      [...NO_HOOKS, '-C', cwd, ...args],
      { env: gitEnv(opts.env), timeout: opts.timeoutMs ?? 120_000, maxBuffer: 256 * 1024 * 1024, windowsHide: true },
      (e, stdout, stderr) => {
        const code = e ? (typeof e.code === 'number' ? e.code : null) : 0;
        const missing = e !== null && (e as NodeJS.ErrnoException).code === 'ENOENT';
        resolve({ code, stdout: String(stdout), stderr: String(stderr), missing });
      },
    );
  });
}

/** What went wrong in a git command, in one line for an error message. */
export function gitFailure(what: string, run: GitRun): string {
  if (run.missing) return `${what}: git is not installed (or not on PATH); isolation needs git`;
  const detail = (run.stderr.trim() || run.stdout.trim()).split('\n').filter(Boolean).slice(-3).join(' / ');
  return `${what}: git exited with ${run.code ?? 'a signal'}${detail ? `: ${detail}` : ''}`;
}

/** Runs git and returns its trimmed stdout, or an error naming what was being done. */
export async function git(cwd: string, args: readonly string[], what: string, opts: GitOptions = {}): Promise<Result<string>> {
  const run = await runGit(cwd, args, opts);
  if (run.code !== 0) return err(run.missing ? 'invalid_state' : 'internal', gitFailure(what, run));
  return ok(run.stdout.trim());
}

/** Splits NUL-separated git output, dropping the empty tail. */
export function splitZ(text: string): string[] {
  return text.split('\0').filter((s) => s !== '');
}
