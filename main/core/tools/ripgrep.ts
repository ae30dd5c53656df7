import { spawn } from 'node:child_process';
import path from 'node:path';
import picomatch from 'picomatch';
import { ToolError, isErrno } from './errors';

/** Folders the search tools leave out unless the path, glob or pattern names them. */
const SKIPPED_DIRS = ['.git', 'node_modules'] as const;
const MAX_STDERR_CHARS = 8 * 1024;

let ripgrepOverride: string | null = null;

/** Points the tools at another rg binary (tests use a missing path); null goes back to PARAGENTS_RG or `rg`. */
export function setRipgrepPath(file: string | null): void {
  ripgrepOverride = file;
}

/** Read at call time, so an environment set after start-up still counts. */
export function ripgrepPath(): string {
  return ripgrepOverride ?? (process.env.PARAGENTS_RG || 'rg');
}

export interface FilterOptions {
  includeIgnored?: boolean;
  /** Search hidden files even when ignore rules hold (Glob, when its pattern names a dot-file). */
  hidden?: boolean;
  /** The path, glob or pattern the call gave: a folder in SKIPPED_DIRS it names by name is not left out. */
  named: readonly (string | undefined)[];
}

/**
 * The arguments every search starts with. `--no-require-git` makes .gitignore count outside a git repository
 * too (a workspace that is not a repo yet still has its build output listed there); `--no-config` keeps a
 * person's RIPGREP_CONFIG_PATH from changing what the model sees.
 */
export function filterArgs(opts: FilterOptions): string[] {
  const args = ['--no-config'];
  if (opts.includeIgnored) args.push('--no-ignore', '--hidden');
  else args.push('--no-require-git', ...(opts.hidden ? ['--hidden'] : []));
  const segments = opts.named.flatMap((p) => (p ? p.split(/[\\/]/) : []));
  for (const dir of SKIPPED_DIRS) if (!segments.includes(dir)) args.push('-g', `!${dir}`);
  return args;
}

/**
 * A Grep glob as rg -g reads it (no "/": the file name anywhere; with "/": the path from the search folder),
 * checked here on rg's results instead of passed as -g, because rg lets a -g glob override the ignore rules
 * for the files it matches. `base` and `typeGlob` only narrow what rg reads.
 */
export interface GlobPlan {
  base: string | null;
  typeGlob: string | null;
  matches(rel: string): boolean;
}

/**
 * The file-name glob rg can narrow a listing to (`--type-add`, which unlike -g keeps the ignore rules): the
 * pattern's last segment, when it is plain enough that rg's glob syntax reads it as picomatch does and no brace
 * group spans a "/". Null when rg must list every file.
 */
export function nameGlob(pattern: string): string | null {
  const last = pattern.slice(pattern.lastIndexOf('/') + 1);
  if (last === '' || last.includes('**') || !/^[\w.*?{},@+-]+$/.test(last)) return null;
  return (last.match(/\{/g)?.length ?? 0) === (last.match(/\}/g)?.length ?? 0) ? last : null;
}

export function planGlob(glob: string): GlobPlan {
  const isMatch = picomatch(glob, { dot: true });
  if (!glob.includes('/')) return { base: null, typeGlob: nameGlob(glob), matches: (rel) => isMatch(path.posix.basename(rel)) };
  const scan = picomatch.scan(glob);
  const base = scan.isGlob ? scan.base.replace(/\/+$/, '') : glob;
  return { base: base === '' ? null : base, typeGlob: scan.isGlob ? nameGlob(glob) : null, matches: isMatch };
}

/** A segment such as ".github" or ".eslintrc*" asks for hidden files by name, so they are searched for it. */
export const namesDotFile = (pattern: string | undefined): boolean =>
  pattern !== undefined && pattern.split('/').some((s) => s.startsWith('.') && s !== '.' && s !== '..');

/**
 * Whether a path rg reported is hidden below its first `skip` segments (the folder the call named). rg lets a
 * --type match bring back a hidden file, though not an ignored one, so hidden paths are also dropped here.
 */
export function hiddenBelow(rel: string, skip: number): boolean {
  const segments = rel.split('/');
  for (let i = skip; i < segments.length; i++) if (segments[i]?.startsWith('.')) return true;
  return false;
}

export interface RipgrepRun {
  code: number | null;
  stderr: string;
  /** True when onRecord asked to stop and rg was killed. */
  stopped: boolean;
}

export interface RipgrepOptions {
  cwd: string;
  signal: AbortSignal;
  /** Named in the sentence shown when rg is missing. */
  tool: 'Grep' | 'Glob';
  /** What ends one record of rg's output: a newline, or NUL with --null. */
  separator?: '\n' | '\0';
  /** Called for each record; returning false stops rg. */
  onRecord(record: string): boolean | void;
}

export function missingRipgrep(tool: string): string {
  return `${tool} needs ripgrep (rg), which is not installed; install it (Debian: apt-get install ripgrep).`;
}

/** Runs rg without a shell, streaming its records; kills it when the signal aborts or onRecord says stop. */
export function runRipgrep(args: readonly string[], opts: RipgrepOptions): Promise<RipgrepRun> {
  const sep = (opts.separator ?? '\n') === '\n' ? 0x0a : 0x00;
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) {
      reject(new ToolError('The search was cancelled.'));
      return;
    }
    const child = spawn(ripgrepPath(), args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stopped = false;
    let settled = false;
    let pending: Buffer = Buffer.alloc(0);
    let stderr = '';
    const stop = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const onAbort = (): void => {
      stop();
      finish(() => reject(new ToolError('The search was cancelled.')));
    };
    const finish = (then: () => void): void => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', onAbort);
      then();
    };
    opts.signal.addEventListener('abort', onAbort, { once: true });
    const emit = (record: Buffer): void => {
      if (stopped || settled) return;
      if (opts.onRecord(record.toString('utf8')) === false) {
        stopped = true;
        stop();
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      let buf = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let at = buf.indexOf(sep);
      while (at !== -1 && !stopped) {
        emit(buf.subarray(0, at));
        buf = buf.subarray(at + 1);
        at = buf.indexOf(sep);
      }
      pending = stopped ? Buffer.alloc(0) : Buffer.from(buf);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_CHARS) stderr += chunk.toString('utf8');
    });
    child.on('error', (e) => {
      finish(() =>
        reject(isErrno(e, 'ENOENT') ? new ToolError(missingRipgrep(opts.tool)) : new ToolError(`${opts.tool} could not start rg: ${e.message}.`)),
      );
    });
    child.on('close', (code) => {
      if (pending.length > 0) emit(pending);
      finish(() => resolve({ code, stderr, stopped }));
    });
  });
}

/** The line of rg's complaint worth showing: its "error: …" line, else its first line. */
export function firstErrorLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const line = lines.find((l) => l.startsWith('error:')) ?? lines[0] ?? 'rg failed without saying why';
  return line.replace(/^error:\s*/, '');
}
