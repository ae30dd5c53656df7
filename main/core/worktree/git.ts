import { execFile } from 'node:child_process';
import { msg, type Msg } from '../../../shared/i18n/message';
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

/** The environment git runs in: the engine's (made once in the composition root), never the process's own. */
export type GitEnv = Readonly<Record<string, string | undefined>>;

/** git as Paragents runs it, bound to the engine's environment; the worktree service makes one and passes it on. */
export interface Git {
  /** Runs `git -C cwd args`; never throws. */
  run(cwd: string, args: readonly string[], opts?: GitOptions): Promise<GitRun>;
  /** Runs git and returns its trimmed stdout, or an error naming what was being done. */
  out(cwd: string, args: readonly string[], what: Msg, opts?: GitOptions): Promise<Result<string>>;
  /**
   * Whether git finds repositories by looking up from the folder for `.git` (no GIT_DIR, GIT_WORK_TREE or
   * GIT_COMMON_DIR in its environment): then a folder with no `.git` above it is outside any repository, and
   * saying so needs no process.
   */
  readonly discoversByFiles: boolean;
}

/**
 * Settings for every git command Paragents runs: no hooks (a worktree's contents were written by a model, and
 * hooks run code), no credential or editor prompts, no pager.
 */
export function gitEnv(base: GitEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...base, GIT_TERMINAL_PROMPT: '0', GIT_EDITOR: 'true', GIT_PAGER: 'cat', ...extra };
}

const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

export function createGit(env: GitEnv): Git {
  const run = (cwd: string, args: readonly string[], opts: GitOptions = {}): Promise<GitRun> =>
    new Promise((resolve) => {
      execFile(
        'git',
        [...NO_HOOKS, '-C', cwd, ...args],
        { env: gitEnv(env, opts.env), timeout: opts.timeoutMs ?? 120_000, maxBuffer: 256 * 1024 * 1024, windowsHide: true },
        (e, stdout, stderr) => {
          const code = e ? (typeof e.code === 'number' ? e.code : null) : 0;
          const missing = e !== null && (e as NodeJS.ErrnoException).code === 'ENOENT';
          resolve({ code, stdout: String(stdout), stderr: String(stderr), missing });
        },
      );
    });
  return {
    run,
    discoversByFiles: !env.GIT_DIR && !env.GIT_WORK_TREE && !env.GIT_COMMON_DIR,
    async out(cwd, args, what, opts = {}) {
      const r = await run(cwd, args, opts);
      if (r.code !== 0) return err(r.missing ? 'invalid_state' : 'internal', gitFailure(what, r));
      return ok(r.stdout.trim());
    },
  };
}

/**
 * What went wrong in a git command, in one line for an error message: what Paragents was doing (a sentence of its
 * own), then git's last lines of output as git wrote them.
 */
export function gitFailure(what: Msg, run: GitRun): Msg {
  if (run.missing) return msg('engineErrors.git.missing', { what });
  const detail = (run.stderr.trim() || run.stdout.trim()).split('\n').filter(Boolean).slice(-3).join(' / ');
  if (run.code === null) return detail ? msg('engineErrors.git.signal', { what, detail }) : msg('engineErrors.git.signalBare', { what });
  return detail ? msg('engineErrors.git.exited', { what, code: run.code, detail }) : msg('engineErrors.git.exitedBare', { what, code: run.code });
}

/** Splits NUL-separated git output, dropping the empty tail. */
export function splitZ(text: string): string[] {
  return text.split('\0').filter((s) => s !== '');
}
