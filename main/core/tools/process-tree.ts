import { readFile, readdir } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

export interface KillTreeOptions {
  /** How long the group gets to exit after SIGTERM before SIGKILL. Default 2000 ms. */
  graceMs?: number;
  /**
   * A forced stop: once it fires (before or during the grace) the group gets SIGKILL at once. A process that
   * ignores SIGTERM would otherwise keep the caller waiting for the whole grace.
   */
  force?: AbortSignal;
}

const POLL_MS = 50;

function errCode(e: unknown): unknown {
  return typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
}

/** Signals the process group led by `pid`; falls back to the single process. False when nothing was there. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (e) {
    if (errCode(e) !== 'ESRCH') return errCode(e) === 'EPERM';
  }
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * On Linux, whether any non-zombie process is still in group `pgid`. Zombies count as alive for
 * kill(0), and where PID 1 does not reap orphans they linger forever; reading /proc tells them apart.
 * Null when /proc is unavailable.
 */
async function liveGroupMember(pgid: number): Promise<boolean | null> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((n) => /^\d+$/.test(n));
  } catch {
    return null;
  }
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the parenthesised command name: state ppid pgrp …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

async function groupAlive(pid: number): Promise<boolean> {
  if (!signalGroup(pid, 0)) return false;
  return (await liveGroupMember(pid)) ?? true;
}

/**
 * Stops `pid` and every process in its process group (spawn it with `detached: true` so it leads
 * its own group): SIGTERM, then SIGKILL if anything in the group is still there after the grace
 * period, or as soon as `force` fires (a forced stop sends SIGKILL only, with no grace). Resolves once
 * the group is gone or SIGKILL has been sent. Never throws.
 */
export async function killProcessTree(pid: number, opts: KillTreeOptions = {}): Promise<void> {
  const graceMs = opts.graceMs ?? 2000;
  const { force } = opts;
  if (force?.aborted) {
    signalGroup(pid, 'SIGKILL');
    return;
  }
  if (!signalGroup(pid, 'SIGTERM')) return;
  let killed = false;
  const kill = (): void => {
    killed = true;
    signalGroup(pid, 'SIGKILL');
  };
  force?.addEventListener('abort', kill, { once: true });
  try {
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && !killed) {
      await delay(POLL_MS);
      if (!(await groupAlive(pid))) return;
    }
    if (!killed) signalGroup(pid, 'SIGKILL');
  } finally {
    force?.removeEventListener('abort', kill);
  }
}
