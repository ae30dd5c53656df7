import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { msg, type Msg } from '../../../../shared/i18n/message';
import { err, ok, type Result } from '../../../../shared/result';
import { runHookProcess } from '../../hooks/run-process';
import { writeJsonAtomic } from '../../policy/atomic-json';

/** A setup that hangs (a prompt waiting for input) does not hold the child forever. */
const SETUP_TIMEOUT_MS = 15 * 60_000;
const OUTPUT_TAIL = 8 * 1024;

/**
 * The project's worktree setup command: `"worktree": {"setup": "npm ci"}` in `<workspace>/.paragents/settings.json`,
 * honoured in trusted workspaces only (an untrusted repository cannot make the engine run a command). Null: none.
 */
export function setupCommandOf(workspace: string, trusted: boolean): Result<string | null> {
  if (!trusted) return ok(null);
  const file = path.join(workspace, '.paragents', 'settings.json');
  if (!existsSync(file)) return ok(null);
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // The policy reports the file's JSON problem on its own; the setup is not run from a file it cannot read.
    return ok(null);
  }
  const block = typeof doc === 'object' && doc !== null ? (doc as { worktree?: unknown }).worktree : undefined;
  if (block === undefined) return ok(null);
  const setup = typeof block === 'object' && block !== null ? (block as { setup?: unknown }).setup : undefined;
  if (setup === undefined) return ok(null);
  if (typeof setup !== 'string' || setup.trim() === '') return err('invalid_input', msg('agents.setupNotString', { file }));
  return ok(setup);
}

/** Which setup commands a person has seen and allowed, per workspace (`<data>/worktree-setup.json`). */
export class SetupConsent {
  constructor(private readonly file: string) {}

  private read(): Record<string, string[]> {
    try {
      const v = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return typeof v === 'object' && v !== null ? (v as Record<string, string[]>) : {};
    } catch {
      return {};
    }
  }

  allowed(workspace: string, command: string): boolean {
    return (this.read()[workspace] ?? []).includes(command);
  }

  allow(workspace: string, command: string): void {
    const all = this.read();
    all[workspace] = [...new Set([...(all[workspace] ?? []), command])];
    writeJsonAtomic(this.file, all);
  }
}

export interface SetupRun {
  exitCode: number | null;
  output: string;
}

/** Runs the setup in the child's worktree, in its own process group; the end of its output is kept. */
export async function runSetup(command: string, cwd: string, env: Readonly<Record<string, string | undefined>>, signal: AbortSignal): Promise<SetupRun> {
  const r = await runHookProcess({ command, cwd, env, stdin: '', timeoutMs: SETUP_TIMEOUT_MS, signal });
  const text = `${r.stdout}${r.stderr ? (r.stdout ? '\n' : '') + r.stderr : ''}${r.spawnError ? `\n${r.spawnError}` : ''}`;
  return { exitCode: r.exitCode, output: text.length > OUTPUT_TAIL ? `…${text.slice(-OUTPUT_TAIL)}` : text };
}

export const setupFailed = (command: string, run: SetupRun): Msg =>
  msg('agents.setupFailed', { command, code: run.exitCode === null ? '-' : run.exitCode, output: run.output.trim().slice(-500) || '-' });
