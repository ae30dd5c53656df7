import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { CONTRACT_VERSION, EngineHello } from '../../shared/contract-version';
import { msg, type Msg } from '../../shared/i18n/message';
import type { RemoteConfig } from '../../shared/remotes';
import { err, ok, type Result } from '../../shared/result';
import { createLineReader } from '../local/line-frames';
import { streamLink, type StreamEngineLink } from '../local/stream-link';
import { DEFAULT_REMOTE_COMMAND, sshArgs } from './ssh-command';

/** A remote machine's engine reached through the system's ssh. */
export interface SshEngineLink extends StreamEngineLink {
  /** The remote's name in config.json. */
  readonly machine: string;
  /** What the engine said first: its contract, version, pid, data folder and host name. */
  readonly hello: EngineHello['hello'];
  /** The local ssh process carrying the channel. */
  readonly sshPid: number | null;
}

export interface SshConnectOptions {
  /** The ssh program (default `ssh` on PATH). */
  ssh?: string;
  /** How long to wait for the engine's hello (ssh's own ConnectTimeout is 20 s). */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** Why a connection could not be made, one sentence, and which kind of trouble it is (what `remote test` tells apart). */
export interface ConnectFailure {
  reason: 'ssh' | 'not_installed' | 'contract' | 'not_engine' | 'exited' | 'timeout';
  msg: Msg;
}

const DEFAULT_TIMEOUT_MS = 45_000;
/** What a shell says when the command is not there: bash, dash, zsh, fish. */
const NOT_FOUND = /command not found|not found|No such file or directory|Unknown command/i;
const MAX_STDERR = 8 * 1024;
const MAX_SHOWN_LINE = 200;

/** The last line of what ssh or the remote shell wrote on stderr (the one that says what went wrong). */
const lastLine = (text: string): string => text.split('\n').map((l) => l.trim()).filter((l) => l !== '').at(-1) ?? '';

/**
 * Runs `ssh -T … paragents engine --stdio` for a remote and waits for the engine's hello. The link is the contract
 * over the channel: requests, answers and events, one JSON message per line as the local endpoint frames them.
 * Failing to connect is one sentence naming the remote: ssh's own message, Paragents missing there (with the
 * install command), or a contract version this side cannot speak (both versions).
 */
export function connectSsh(remote: RemoteConfig, options: SshConnectOptions = {}): Promise<Result<SshEngineLink, ConnectFailure>> {
  const name = remote.name;
  return new Promise((resolve) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(options.ssh ?? 'ssh', sshArgs(remote), { stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env });
    } catch (e) {
      resolve(failedWith({ reason: 'ssh', msg: msg('machines.link.cannotRunSsh', { error: (e as Error).message }) }));
      return;
    }
    let stderr = '';
    let settled = false;
    const early: string[] = [];
    let hello: EngineHello['hello'] | null = null;
    const settle = (result: Result<SshEngineLink, ConnectFailure>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(result);
    };
    const refuse = (failure: ConnectFailure): void => {
      if (settled) return;
      child.kill('SIGTERM');
      settle(failedWith(failure));
    };
    const seconds = Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000);
    const timer = setTimeout(() => refuse({ reason: 'timeout', msg: msg('machines.link.timeout', { name, seconds }) }), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);

    const reader = createLineReader({
      onLine(line) {
        if (hello !== null) {
          early.push(line);
          return;
        }
        const parsed = parseHello(line);
        if (!parsed.ok) return refuse({ reason: 'not_engine', msg: msg('machines.link.notAnEngine', { name, line: line.slice(0, MAX_SHOWN_LINE) }) });
        const h = parsed.value;
        if (h.contract !== CONTRACT_VERSION) {
          return refuse({ reason: 'contract', msg: msg('machines.link.contractMismatch', { name, version: h.version, remote: h.contract, local: CONTRACT_VERSION }) });
        }
        hello = h;
        // The lines after the hello in this same chunk belong to the link: handed over once it exists.
        queueMicrotask(() => settle(ok(linkOver(child, name, h, early))));
      },
    });
    const onData = (chunk: Buffer): void => reader.push(chunk);
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_STDERR);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => settle(failedWith({ reason: 'ssh', msg: msg('machines.link.cannotRunSsh', { error: e.message }) })));
    child.on('close', (code) => settle(failedWith(exitFailure(remote, code, stderr))));
  });
}

function failedWith(failure: ConnectFailure): Result<SshEngineLink, ConnectFailure> {
  return { ok: false, error: failure };
}

/** What an ssh that ended before the hello means: it could not connect (255), or the remote shell could not run Paragents. */
export function exitFailure(remote: Pick<RemoteConfig, 'name' | 'command'>, code: number | null, stderr: string): ConnectFailure {
  const name = remote.name;
  const said = lastLine(stderr);
  if (code === 255) {
    return { reason: 'ssh', msg: said === '' ? msg('machines.link.sshFailedNoMessage', { name, code }) : msg('machines.link.sshFailed', { name, error: said }) };
  }
  if (code === 127 || (said !== '' && NOT_FOUND.test(said))) {
    return { reason: 'not_installed', msg: msg('machines.link.notInstalled', { name, command: remote.command ?? DEFAULT_REMOTE_COMMAND }) };
  }
  return { reason: 'exited', msg: msg('machines.link.exitedEarly', { name, code: code ?? 'signal', error: said === '' ? '—' : said }) };
}

function parseHello(line: string): Result<EngineHello['hello']> {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return err('invalid_input', 'not JSON');
  }
  const parsed = EngineHello.safeParse(data);
  if (parsed.success) return ok(parsed.data.hello);
  // A hello of another contract may carry other fields: its version numbers are still read, to say both.
  const loose = (data as { hello?: { app?: unknown; contract?: unknown; version?: unknown } } | null)?.hello;
  if (loose && loose.app === 'paragents' && typeof loose.contract === 'number') {
    return ok({ app: 'paragents', contract: loose.contract, version: typeof loose.version === 'string' ? loose.version : '?', pid: null, home: '', hostname: '' });
  }
  return err('invalid_input', 'not a hello');
}

function linkOver(child: ChildProcessWithoutNullStreams, name: string, hello: EngineHello['hello'], early: readonly string[]): SshEngineLink {
  let closed = false;
  const link = streamLink({
    input: child.stdout,
    output: child.stdin,
    pending: early,
    closed: (done) => {
      child.on('close', () => {
        closed = true;
        done();
      });
    },
    isClosed: () => closed,
    // Ending ssh ends the channel; the remote engine outlives it (see `paragents engine --stdio`).
    destroy: () => {
      child.stdin.end();
      child.kill('SIGTERM');
    },
    closedThere: msg('machines.link.closedThere', { name }),
    closedHere: msg('machines.link.closedHere', { name }),
  });
  return { ...link, machine: name, hello, sshPid: child.pid ?? null };
}
