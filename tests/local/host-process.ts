import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EngineLink } from '../../main/local/engine-link';
import type { EngineEventType, EventOf } from '../../shared/events';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUN_TS = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
const HOST = fileURLToPath(new URL('../fixtures/engine-host.ts', import.meta.url));

export interface HostProcess {
  child: ChildProcess;
  pid: number;
  /** The endpoint path the host printed. */
  path: string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

/** Kills every host a test started and left running. */
export function killHosts(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Starts tests/fixtures/engine-host.ts on `home` and resolves once it prints `ready <path>`. */
export function startHost(home: string, env: Record<string, string>): Promise<HostProcess> {
  const child = spawn(process.execPath, [RUN_TS, HOST, home], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /^ready (.+)\n/.exec(out);
      if (match) resolve({ child, pid: child.pid!, path: match[1]!, exited });
    });
    void exited.then(({ code, signal }) => reject(new Error(`the engine host ended (${code ?? signal}) before it was ready: ${stderr.trim()}`)));
  });
}

/** Runs the host and resolves with its exit code and stderr: for hosts expected to refuse to start. */
export async function hostFailure(home: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [RUN_TS, HOST, home], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, stderr };
}

/** Resolves with the first event of `type` the link receives that matches `pred`. */
export function nextLinkEvent<T extends EngineEventType>(link: EngineLink, type: T, pred: (e: EventOf<T>) => boolean = () => true): Promise<EventOf<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${type}`));
    }, 20_000);
    const off = link.onEvent((e) => {
      if (e.type === type && pred(e as EventOf<T>)) {
        clearTimeout(timer);
        off();
        resolve(e as EventOf<T>);
      }
    });
  });
}
