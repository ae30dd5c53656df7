// A benchmark's engine in a process of its own, so that what it measures (CPU, memory, the event loop's delay) is
// the engine's alone: the bench spawns the host script, sends requests over the IPC channel and gets each answered
// once with the same id. Both ends are here; a host names its requests and replies as unions keyed by `op`.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

type Op = { op: string };
type ReplyTo<Reply extends Op, O extends string> = Extract<Reply, { op: O }>;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchHost<Request extends Op, Reply extends Op> {
  child: ChildProcess;
  ask<R extends Request>(req: R): Promise<ReplyTo<Reply, R['op']>>;
  /** Sends `{ op: 'close' }`, then ends the process (killed if it does not exit within 5 s). */
  stop(): Promise<void>;
}

/** Spawns `script` (a path from the repository's root, run through bin/run-ts.js) and waits for its `ready`. */
export async function spawnBenchHost<Request extends Op, Reply extends Op>(script: string, args: string[]): Promise<BenchHost<Request, Reply>> {
  const label = script.replace(/^.*\//, '').replace(/\.ts$/, '');
  const child = spawn(process.execPath, [join(ROOT, 'bin/run-ts.js'), join(ROOT, script), ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  child.on('message', (m: { id: number; reply?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined) w.reject(new Error(`${label}: ${m.error}`));
    else w.resolve(m.reply);
  });
  child.once('exit', (code, signal) => {
    for (const w of waiting.values()) w.reject(new Error(`${label} exited (${code ?? signal})`));
    waiting.clear();
  });
  // A bench that dies half-way must not leave the engine running.
  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const send = (req: Op): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      child.send({ id, req });
    });
  await ready;
  return {
    child,
    ask: <R extends Request>(req: R) => send(req) as Promise<ReplyTo<Reply, R['op']>>,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await Promise.race([
        (async () => {
          await send({ op: 'close' });
          child.disconnect();
        })().catch(() => kill()),
        exited,
      ]);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      kill();
    },
  };
}

/** The host's end: answers each request with `answer`, then says it is ready. */
export function serveBenchHost<Request extends Op, Reply extends Op>(answer: (req: Request) => Promise<Reply>): void {
  process.on('message', (message: { id: number; req: Request }) => {
    answer(message.req).then(
      (reply) => process.send?.({ id: message.id, reply }),
      (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.send?.({ id: 0, reply: { op: 'ready' } });
}
