// What the soak bench and its engine process (soak-host.ts) say to each other over the IPC channel, and the
// bench's end: spawn the host, send a request, wait for its answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { MemoryReading } from './memory';
import type { TurnCounts } from './turn-driver';

export type HostRequest =
  | { op: 'sessions'; sessions: { name: string; workspace: string; notes: string }[] }
  /** Turns from..to-1 of every session at once; `prompt` with {session} and {turn} filled in. */
  | { op: 'turns'; from: number; to: number; prompt: string }
  /** Starts recording the event loop's delay (and the CPU profile, when the host was given a file for it). */
  | { op: 'measure-start' }
  | { op: 'measure-stop' }
  | { op: 'memory' }
  | { op: 'idle'; seconds: number }
  | { op: 'close' };

export type HostReply =
  | { op: 'ready' }
  | { op: 'sessions'; url: string }
  | { op: 'turns'; wallMs: number; cpuMs: number; counts: TurnCounts }
  | { op: 'measure-start' }
  | { op: 'measure-stop'; delayP99Ms: number; delayMaxMs: number }
  | { op: 'memory'; memory: MemoryReading }
  | { op: 'idle'; cpuMs: number; timers: number }
  | { op: 'close' };

type ReplyTo<Op extends HostRequest['op']> = Extract<HostReply, { op: Op }>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SoakHost {
  child: ChildProcess;
  ask<R extends HostRequest>(req: R): Promise<ReplyTo<R['op']>>;
  stop(): Promise<void>;
}

/** `cpuProf`: the host writes a CPU profile of what runs between measure-start and measure-stop to this file. */
export async function spawnSoakHost(home: string, staticDir: string, chunk: number, cpuProf?: string): Promise<SoakHost> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/run-ts.js'), join(ROOT, 'bench/lib/soak-host.ts'), '--home', home, '--static', staticDir, '--chunk', String(chunk), ...(cpuProf ? ['--cpu-prof', cpuProf] : [])],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const waiting = new Map<number, { resolve: (r: HostReply) => void; reject: (e: Error) => void }>();
  let next = 1;
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  child.on('message', (m: { id: number; reply?: HostReply; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined) w.reject(new Error(`soak host: ${m.error}`));
    else w.resolve(m.reply as HostReply);
  });
  child.once('exit', (code, signal) => {
    for (const w of waiting.values()) w.reject(new Error(`soak host exited (${code ?? signal})`));
    waiting.clear();
  });
  // A bench that dies half-way must not leave the engine running.
  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  await ready;
  return {
    child,
    ask: <R extends HostRequest>(req: R) =>
      new Promise<ReplyTo<R['op']>>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: (r) => resolve(r as ReplyTo<R['op']>), reject });
        child.send({ id, req });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await Promise.race([
        (async () => {
          await new Promise<void>((resolve, reject) => {
            const id = next++;
            waiting.set(id, { resolve: () => resolve(), reject });
            child.send({ id, req: { op: 'close' } });
          });
          child.disconnect();
        })().catch(() => kill()),
        exited,
      ]);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      kill();
    },
  };
}
