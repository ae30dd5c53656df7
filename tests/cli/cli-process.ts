import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { BIN } from '../helpers/cli';

/** A `paragents` command running in its own process, watched line by line. */
export interface CliProcess {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves once the stream's text so far matches `pattern`; rejects if the process ends first. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: ChildProcessWithoutNullStreams[] = [];

/** Kills every command a test started and left running. */
export function killCliProcesses(): void {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Starts the real bin; stdin stays open (a terminal that has not answered yet) until the test ends it. */
export function startCli(args: string[], opts: { home: string; env?: Record<string, string> }): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: opts.home, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.push(child);
  const text = { stdout: '', stderr: '' };
  const watchers: { stream: 'stdout' | 'stderr'; pattern: RegExp; resolve(m: RegExpMatchArray): void }[] = [];
  const check = (): void => {
    for (const w of [...watchers]) {
      const m = text[w.stream].match(w.pattern);
      if (m) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout.on('data', (d: Buffer) => {
    text.stdout += d.toString();
    check();
  });
  child.stderr.on('data', (d: Buffer) => {
    text.stderr += d.toString();
    check();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    pid: child.pid!,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    exited,
    waitFor(stream, pattern) {
      const now = text[stream].match(pattern);
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        watchers.push({ stream, pattern, resolve });
        void exited.then(({ code, signal }) => {
          if (text[stream].match(pattern)) return;
          reject(new Error(`paragents ${args.join(' ')} ended (${code ?? signal}) before ${stream} matched ${pattern}\nstdout:\n${text.stdout}\nstderr:\n${text.stderr}`));
        });
      });
    },
  };
}

/** The state letter of /proc/<pid>/stat (R, S, Z…), or null once the process is gone. */
function procState(pid: number): { state: string; pgrp: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the parenthesised command name: state ppid pgrp …
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '?', pgrp: Number(fields[2]) };
}

/**
 * True when `pid` no longer runs: kill(pid, 0) says ESRCH, or only a zombie is left (an orphan whose new parent,
 * PID 1 of a container, may never reap it).
 */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const s = procState(pid);
  return s === null || s.state === 'Z' || s.state === 'X';
}

/** The pids of the live (non-zombie) processes in process group `pgid`. */
export function liveGroupMembers(pgid: number): number[] {
  const pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  return pids.filter((pid) => {
    const s = procState(pid);
    return s !== null && s.pgrp === pgid && s.state !== 'Z' && s.state !== 'X';
  });
}
