import type { RequestHandlers } from '../../../shared/api';
import type { EngineEvent } from '../../../shared/events';
import type { HostResolver } from '../tools/webfetch-address';
import type { GatewayHandlers } from './gateway-requests';
import type { StopHandler } from './process-requests';
import type { MachinesPort } from './agents/machines-port';

/**
 * The engine as every host sees it (desktop IPC, browser host, CLI, tests): the contract's request handlers
 * plus the live event stream. Built by `createEngine` in ./index.ts, the one composition root.
 */
export interface Engine {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
  /**
   * The host that holds links to other machines (the hub) hands them over here, so that an `Agent` call may run
   * its child on one of them; null takes them back.
   */
  attachMachines(port: MachinesPort | null): void;
  /** Scheduler figures for tests and benchmarks. */
  stats(): { slotsInUse: number; peakSlotsInUse: number; concurrency: number };
  /**
   * Cancels running turns (recorded as cancelled), stops workers and closes the store. Their tool processes get
   * SIGTERM and a grace of 2 s before SIGKILL, so a child that ignores SIGTERM delays it by that much at most;
   * `force` sends SIGKILL at once (a second Ctrl-C).
   */
  close(opts?: { force?: boolean }): Promise<void>;
}

export interface EngineOptions {
  /** Data folder (PARAGENTS_HOME): config.json, settings.json, paragents.db. */
  home: string;
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * How `needs_approval` is handled: `ask` waits for an answer through `approval.answer` (the UI, or a
   * terminal prompt in the CLI); `all` approves (deny rules still hold); `never` turns it into `blocked`.
   */
  approvals?: 'ask' | 'all' | 'never';
  /**
   * Resume work left by a previous process (default true): queued prompts, and turns it interrupted less than
   * `autoResumeMinutes` ago (older ones stay `interrupted` for a person to resume or discard). The CLI turns it
   * off so that it only drives the sessions it was asked to.
   */
  recover?: boolean;
  /** Headless answer to a runtime write conflict with another session (default wait). */
  onConflict?: 'wait' | 'override' | 'block';
  /** Headless runs never wait on a person: policy "ask" outcomes follow `approvals`. */
  headless?: boolean;
  /** The time, for deciding which interrupted turns are recent enough to resume by themselves (tests pass their own). */
  clock?: () => number;
  /** How WebFetch resolves host names (default: the system's resolver); tests point names at loopback. */
  resolveHost?: HostResolver;
  /** The host's messenger gateways (desktop app, `serve`): they answer the gateway.* requests; absent, those are refused. */
  gateway?: GatewayHandlers;
  /** The host that can end its own process (`paragents engine --stdio`): it answers `engine.stop`; absent, refused. */
  stop?: StopHandler;
}
