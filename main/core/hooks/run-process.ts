import { spawn } from 'node:child_process';
import { killProcessTree } from '../tools/process-tree';

/** What a hook may print that is kept: its answer is a short JSON object or a message, never a log. */
const KEEP_BYTES = 64 * 1024;
/** SIGTERM → SIGKILL grace when a hook is stopped. */
const KILL_GRACE_MS = 1000;
/** After the shell exits, how long background processes it left may hold its pipes before they are let go. */
const PIPE_GRACE_MS = 250;

export interface HookProcessInput {
  command: string;
  /** The program and arguments to spawn instead of `sh -c command` (the sandbox's wrapper around it). */
  argv?: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The JSON object written to its stdin. */
  stdin: string;
  timeoutMs: number;
  /** The prompt was cancelled: the hook's process tree is stopped. */
  signal?: AbortSignal;
  /** A forced stop: SIGKILL at once. */
  force?: AbortSignal;
}

export interface HookProcessResult {
  /** Null when it was killed (timeout, cancel) or could not start. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
  cancelled: boolean;
  /** Why it could not start (`sh` missing, the workspace gone). */
  spawnError: string | null;
  pid: number | null;
}

class Kept {
  private parts: Buffer[] = [];
  private size = 0;
  push(chunk: Buffer): void {
    if (this.size >= KEEP_BYTES) return;
    const part = chunk.subarray(0, KEEP_BYTES - this.size);
    this.parts.push(part);
    this.size += part.length;
  }
  text(): string {
    return Buffer.concat(this.parts).toString('utf8');
  }
}

/**
 * Runs one hook command with `sh -c` (or the `argv` given for it) in its own process group, its input on stdin.
 * On timeout or when `signal` fires the whole group is stopped (SIGTERM, then SIGKILL after a grace, at once with
 * `force`), so a hook that hangs or starts children never outlives its turn. Never throws.
 */
export function runHookProcess(input: HookProcessInput): Promise<HookProcessResult> {
  const started = performance.now();
  const out = new Kept();
  const err = new Kept();
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    const finish = (r: Omit<HookProcessResult, 'stdout' | 'stderr' | 'ms'>): HookProcessResult => ({
      ...r,
      stdout: out.text(),
      stderr: err.text(),
      ms: Math.round(performance.now() - started),
    });
    if (input.signal?.aborted) {
      resolve(finish({ exitCode: null, timedOut: false, cancelled: true, spawnError: null, pid: null }));
      return;
    }
    try {
      const [file, ...args] = input.argv ?? ['sh', '-c', input.command];
      child = spawn(file as string, args, { cwd: input.cwd, env: { ...input.env }, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      resolve(finish({ exitCode: null, timedOut: false, cancelled: false, spawnError: e instanceof Error ? e.message : String(e), pid: null }));
      return;
    }
    const pid = child.pid ?? null;
    let stopped: 'timeout' | 'cancel' | null = null;
    let settled = false;
    let pipeTimer: NodeJS.Timeout | undefined;
    let hardTimer: NodeJS.Timeout | undefined;

    const settle = (r: Omit<HookProcessResult, 'stdout' | 'stderr' | 'ms' | 'pid'>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(pipeTimer);
      clearTimeout(hardTimer);
      input.signal?.removeEventListener('abort', onAbort);
      input.force?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve(finish({ ...r, pid }));
    };
    const ended = (code: number | null): Omit<HookProcessResult, 'stdout' | 'stderr' | 'ms' | 'pid'> => ({
      exitCode: stopped ? null : code,
      timedOut: stopped === 'timeout',
      cancelled: stopped === 'cancel',
      spawnError: null,
    });
    const stop = (why: 'timeout' | 'cancel'): void => {
      if (stopped || settled) return;
      stopped = why;
      if (pid !== null) void killProcessTree(pid, { graceMs: KILL_GRACE_MS, force: input.force });
      // Even a process stuck in the kernel must not hold the turn forever.
      hardTimer = setTimeout(() => settle(ended(null)), KILL_GRACE_MS + 1000);
    };
    const onAbort = (): void => stop('cancel');
    const timer = setTimeout(() => stop('timeout'), input.timeoutMs);
    input.signal?.addEventListener('abort', onAbort, { once: true });
    input.force?.addEventListener('abort', onAbort, { once: true });

    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => settle({ exitCode: null, timedOut: false, cancelled: false, spawnError: e.message }));
    child.on('exit', (code) => {
      clearTimeout(timer);
      child.once('close', () => settle(ended(code)));
      pipeTimer = setTimeout(() => settle(ended(code)), PIPE_GRACE_MS);
    });
    // A hook that does not read its input closes the pipe early; that is its business.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input.stdin);
  });
}
