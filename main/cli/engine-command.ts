import { Console } from 'node:console';
import { hostname, tmpdir } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { CONTRACT_VERSION, type EngineHello } from '../../shared/contract-version';
import { MsgError, shownThrown } from '../../shared/msg-error';
import { ok } from '../../shared/result';
import { appVersion } from '../core/app-version';
import { connectLocalEndpoint, type RemoteEngineLink } from '../local/endpoint-client';
import { hostEngine, type HostedEngine } from '../local/engine-host';
import { createLineReader, frame } from '../local/line-frames';
import { serveStream } from '../local/stream-serve';
import { cliText, engineError } from './cli-text';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { ENGINE_USAGE, usage } from './usage';

/** Where the engine's stream runs: the process's own standard input and output, or a test's pipes. */
export interface EngineStreams {
  input: Readable;
  output: Writable;
}

/** How long a process that lost the race for the data folder waits for the winner's endpoint. */
const RACE_WAIT_MS = 3_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const hello = (pid: number | null, home: string): EngineHello => ({
  hello: { app: 'paragents', contract: CONTRACT_VERSION, version: appVersion(), pid, home, hostname: hostname() },
});

/**
 * `paragents engine --stdio [--data-dir DIR]`: the engine of a data folder served on standard input and output,
 * which is what a remote machine runs at the far end of an SSH channel. The first line out is a hello (the contract
 * version, the engine's pid); then the local endpoint's protocol, one JSON message per line.
 *
 * The engine outlives its connection: when the channel ends, running turns go on and the local endpoint stays, so
 * the next connection (`engine --stdio` again) finds the engine running and relays to it instead of opening a
 * second engine on the folder. It stops on SIGINT/SIGTERM or when a client asks (`engine.stop`).
 */
export async function runEngineCommand(argv: string[], io: CliIo, streams?: EngineStreams): Promise<number> {
  const { t } = cliText(io);
  let stdio = false;
  for (const arg of argv) {
    if (arg === '--stdio') stdio = true;
    else if (arg === '--help' || arg === '-h') {
      io.stdout(usage(t, ENGINE_USAGE));
      return EXIT_OK;
    } else {
      io.stderr(`${t('machines.engine.unknownOption', { option: arg })}\n${usage(t, ENGINE_USAGE)}`);
      return EXIT_USAGE;
    }
  }
  if (!stdio) {
    io.stderr(`${t('machines.engine.needStdio')}\n${usage(t, ENGINE_USAGE)}`);
    return EXIT_USAGE;
  }
  const { input, output } = streams ?? { input: process.stdin, output: process.stdout };
  // The protocol owns standard output: a library's console.log there would corrupt it, so the console writes to stderr.
  if (!streams) globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  // The channel's end (EPIPE) is the client going away, which the engine outlives.
  output.on('error', () => undefined);
  const write = (line: string): void => {
    if (!output.destroyed && output.writable) output.write(line);
  };

  const deadline = Date.now() + RACE_WAIT_MS;
  for (;;) {
    const joined = await connectLocalEndpoint({ home: io.home, env: io.env, tmpdir: tmpdir() });
    if (!joined.ok) {
      io.stderr(t('machines.engine.cannotJoin', { home: io.home, error: engineError(io, joined.error) }));
      return EXIT_FAILED;
    }
    if (joined.value) return relay(io, joined.value, input, write);
    try {
      return await serve(io, input, output);
    } catch (error) {
      // Another process took the folder between our look and our lock: reach its engine once it listens.
      const locked = error instanceof MsgError && error.msg.key === 'engineErrors.home.locked';
      if (!locked || Date.now() > deadline) {
        io.stderr(t('machines.engine.cannotStart', { home: io.home, error: shownThrown(cliText(io).lang, error) }));
        return EXIT_FAILED;
      }
      await sleep(50);
    }
  }
}

async function serve(io: CliIo, input: Readable, output: Writable): Promise<number> {
  const { t } = cliText(io);
  let stopAsked: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stopAsked = resolve));
  const hosted: HostedEngine = await hostEngine({
    home: io.home,
    env: io.env,
    approvals: 'ask',
    tmpdir: tmpdir(),
    stop: {
      'engine.stop': () => {
        // After the answer is written: the client learns the engine took the request.
        setImmediate(stopAsked);
        return ok({ stopping: true as const });
      },
    },
    onInternalError: (name, error) => io.stderr(`paragents engine: ${name}: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (hosted.endpointProblem) io.stderr(t('cliErrors.joinProblem', { problem: engineError(io, hosted.endpointProblem) }));
  output.write(frame(hello(process.pid, io.home)));
  io.stderr(t('machines.engine.served', { home: io.home, pid: process.pid }));

  let open = true;
  const served = serveStream({
    engine: hosted.engine,
    input,
    output,
    // A client that stops reading is let go; the engine goes on, and the next connection catches up by seq.
    drop: () => {
      open = false;
      served.detach();
      input.destroy();
      output.destroy();
    },
    stopping: () => !open,
  });
  input.on('end', () => {
    open = false;
    served.detach();
    io.stderr(t('machines.engine.clientGone', { pid: process.pid }));
  });
  input.on('error', () => undefined);
  // A hang-up is the SSH session ending; the engine keeps its turns running (SIGINT/SIGTERM stop it).
  const ignoreHangup = (): void => undefined;
  process.on('SIGHUP', ignoreHangup);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    void stopped.then(stop);
  });
  io.stderr(t('machines.engine.stopping'));
  open = false;
  served.detach();
  await hosted.close();
  process.off('SIGHUP', ignoreHangup);
  return EXIT_OK;
}

/**
 * The folder's engine already runs (left by an earlier connection, or `serve`, or the desktop app): this process
 * becomes a client of its local endpoint and passes lines both ways, after its own hello.
 */
async function relay(io: CliIo, link: RemoteEngineLink, input: Readable, write: (line: string) => void): Promise<number> {
  const { t } = cliText(io);
  write(frame(hello(link.pid, io.home)));
  io.stderr(t('machines.engine.joined', { home: io.home, pid: link.pid ?? '?' }));
  const detach = link.onEvent((event) => write(frame({ event })));
  const reader = createLineReader({
    onLine: (line) => {
      let request: { id?: unknown; method?: unknown; input?: unknown };
      try {
        request = JSON.parse(line) as typeof request;
      } catch {
        return;
      }
      if (typeof request.method !== 'string') return;
      void link.send(request.method as Parameters<typeof link.send>[0], request.input).then((sent) => {
        // An engine that went away before answering leaves the request unanswered here too: the client retries it.
        if (sent.answered) write(frame({ id: request.id ?? null, result: sent.result }));
      });
    },
  });
  input.on('data', (chunk: Buffer) => reader.push(chunk));
  input.on('error', () => undefined);
  await Promise.race([new Promise<void>((resolve) => input.once('end', () => resolve())), link.ended]);
  detach();
  await link.close();
  return EXIT_OK;
}
