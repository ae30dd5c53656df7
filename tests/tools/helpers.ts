import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolContext, ToolOutcome } from '../../main/core/tools/types';
import { hostEnv, type HostEnv } from '../../main/core/host-env';

/** A real temp folder; `cleanup` removes it. */
export async function makeWorkspace(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paragents-tools-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The host tools run on in these tests: this process's environment, whose HOME is `~`. */
export const testHost: HostEnv = hostEnv(process.env, homedir());

export function ctxFor(workspace: string, signal: AbortSignal = new AbortController().signal): ToolContext {
  return { workspace, host: testHost, sessionId: 'test-session', promptId: 'test-prompt', signal };
}

/** Writes files given as { 'a/b.txt': 'content' }, creating folders. */
export async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, content);
  }
}

export async function readText(root: string, rel: string): Promise<string> {
  return readFile(path.join(root, rel), 'utf8');
}

export function okOutput(outcome: ToolOutcome): string {
  if (!outcome.ok) throw new Error(`expected ok outcome, got error: ${outcome.error}`);
  return outcome.output;
}

export function errorOf(outcome: ToolOutcome): string {
  if (outcome.ok) throw new Error(`expected an error, got output: ${outcome.output}`);
  return outcome.error;
}

/** Alive and not a zombie (PID 1 on some machines never reaps orphans, and zombies answer kill 0). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Polls until `pid` is gone; false if it is still alive after `boundMs` (a generous upper bound). */
export async function waitGone(pid: number, boundMs = 5000): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isAlive(pid);
}
