import { tmpdir } from 'node:os';
import { MsgError, thrownSentence } from '../../shared/msg-error';
import { err, ok, type Result } from '../../shared/result';
import type { EngineOptions } from '../core/engine';
import { openReadOnlyEngine } from '../core/engine/read-only-root';
import { connectLocalEndpoint, type RemoteEngineLink } from '../local/endpoint-client';
import type { EngineLink } from '../local/engine-link';
import { cliText, engineError } from './cli-text';
import type { CliIo } from './io';
import { rejoiningLink } from './rejoining-link';

export type { EngineLink } from '../local/engine-link';

export interface OpenLinkOptions {
  /**
   * `read`: the command only reads (sessions list/show, journal list, config show, policy check).
   * `write`: it changes state or runs prompts.
   */
  purpose: 'read' | 'write';
  /** `config`: a read of the configuration alone (`config show`): with no engine running, no database is opened. */
  reads?: 'all' | 'config';
  /** Options of the engine this command starts itself when none is running. */
  engine?: Omit<EngineOptions, 'home' | 'env'>;
}

/** How long a command that lost the race for the data folder waits for the winner's endpoint to appear. */
const RACE_WAIT_MS = 3_000;
const RACE_STEP_MS = 50;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The engine a command works with. When an engine already holds the data folder (the desktop app, `serve`,
 * another command), the command becomes its client through the folder's local endpoint: its prompts, sessions
 * and approvals are that engine's, shown live in its panel. Otherwise the command opens the folder itself and
 * listens on the endpoint in turn, so that commands started beside it join it.
 */
export async function openEngineLink(io: CliIo, options: OpenLinkOptions): Promise<Result<EngineLink>> {
  if (io.remote !== undefined) return openRemoteLink(io, io.remote);
  const opened = await openOnce(io, options);
  // A command that writes follows its engine to the next one when it goes away before taking a request, so
  // that a prompt is never lost to an engine that was closing as the command joined it.
  if (!opened.ok || options.purpose !== 'write' || !opened.value.remote) return opened;
  return ok(rejoiningLink(opened.value as RemoteEngineLink, () => openOnce(io, options)));
}

/**
 * The engine of a remote machine, over SSH: the same contract as a joined local engine, so the command's output is
 * the same. Its data folder, policy and sandbox are that machine's; a lost connection ends the command as a local
 * engine going away would.
 */
async function openRemoteLink(io: CliIo, name: string): Promise<Result<EngineLink>> {
  const { findRemote } = await import('../core/config/remotes');
  const found = findRemote(io.home, name);
  if (!found.ok) return found;
  const { connectSsh } = await import('../remote/ssh-link');
  const connected = await connectSsh(found.value, { env: { ...process.env, ...io.env } });
  return connected.ok ? ok(connected.value) : err('invalid_state', connected.error.msg);
}

/** The running engine joined, or the folder opened by this command (waiting out a command that takes it first). */
async function openOnce(io: CliIo, options: OpenLinkOptions): Promise<Result<EngineLink>> {
  const place = { home: io.home, env: io.env, tmpdir: tmpdir() };
  const deadline = Date.now() + RACE_WAIT_MS;
  for (;;) {
    const connected = await connectLocalEndpoint(place);
    if (!connected.ok) return connected;
    if (connected.value) return ok(connected.value);
    if (options.purpose === 'read') {
      // Reading needs no lock: the folder is read as it is, even while a process that cannot be joined holds it.
      const read = openReadOnlyEngine({ home: io.home, env: io.env, reads: options.reads ?? 'all' });
      if (read.ok) return read;
      // A database that needs migrating can only be read by opening the folder normally.
      if (!read.error.fallBack) return err(read.error.kind, read.error.msg ?? read.error.message);
    }
    try {
      // The whole engine is loaded only by a command that hosts it: one that only reads never needs it.
      const { hostEngine } = await import('../local/engine-host');
      const hosted = await hostEngine({ ...options.engine, home: io.home, env: io.env, tmpdir: place.tmpdir });
      if (hosted.endpointProblem) io.stderr(cliText(io).t('cliErrors.joinProblem', { problem: engineError(io, hosted.endpointProblem) }));
      const endpoint = hosted.endpoint;
      return ok({
        handlers: hosted.engine.handlers,
        onEvent: (l) => hosted.engine.onEvent(l),
        close: () => hosted.close(),
        remote: false,
        ...(endpoint ? { joined: { count: () => endpoint.clients(), gone: () => endpoint.idle() } } : {}),
      });
    } catch (error) {
      // Another process took the folder between our look and our lock: join it once its endpoint listens.
      const locked = error instanceof MsgError && error.msg.key === 'engineErrors.home.locked';
      if (!locked || Date.now() > deadline) return err('invalid_state', thrownSentence(error));
      await sleep(RACE_STEP_MS);
    }
  }
}
