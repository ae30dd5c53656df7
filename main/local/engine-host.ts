import { createEngine, type Engine, type EngineOptions } from '../core/engine';
import type { AppError, Result } from '../../shared/result';
import { listenLocalEndpoint, type LocalEndpoint } from './endpoint-server';

export interface HostedEngine {
  engine: Engine;
  /** Where other processes of this user reach the engine; null when the endpoint could not be opened. */
  endpoint: LocalEndpoint | null;
  /** Why the endpoint could not be opened (the engine still runs, reachable only in this process). */
  endpointProblem: AppError | null;
  /**
   * Stops the endpoint first (no new requests), then closes the engine and releases the data folder. `force`
   * kills running tools at once (SIGKILL to their process groups) instead of giving them the grace period; a
   * forced close during a plain one cuts its grace short. A plain close answers the requests the endpoint had
   * taken before it ends the clients; a forced one ends them at once.
   */
  close(opts?: { force?: boolean }): Promise<void>;
}

export interface HostOptions extends EngineOptions {
  /** The OS temp folder (the endpoint's fallback place for a data folder whose socket path is too long). */
  tmpdir: string;
  onInternalError?(name: string, error: unknown): void;
}

/**
 * The process that holds a data folder: the engine plus the local endpoint through which the other Paragents
 * processes of this user (a CLI beside the app) use that same engine. The desktop app, `serve` and every command
 * that opens the folder itself start the engine here.
 */
export async function hostEngine(options: HostOptions): Promise<HostedEngine> {
  const engine = await createEngine(options);
  const listened: Result<LocalEndpoint> = await listenLocalEndpoint({
    home: options.home,
    engine,
    env: options.env ?? {},
    tmpdir: options.tmpdir,
    ...(options.onInternalError ? { onInternalError: options.onInternalError } : {}),
  });
  const endpoint = listened.ok ? listened.value : null;
  let closing: Promise<void> | null = null;
  return {
    engine,
    endpoint,
    endpointProblem: listened.ok ? null : listened.error,
    async close(opts) {
      if (closing) {
        if (opts?.force) await Promise.all([endpoint?.close({ force: true }), engine.close({ force: true })]);
        return closing;
      }
      closing = (async () => {
        await endpoint?.close(opts);
        await engine.close(opts);
      })();
      return closing;
    },
  };
}
