import type { RequestHandlers } from '../../../../shared/api';
import type { EngineEvent } from '../../../../shared/events';
import type { Result } from '../../../../shared/result';

/** One other machine's engine as a parent's engine reaches it for a child hosted there. */
export interface MachineChannel {
  readonly name: string;
  readonly handlers: RequestHandlers;
  /** That engine's events, as it sends them (not marked with the machine). */
  onEvent(listener: (event: EngineEvent) => void): () => void;
  /** How git on this machine reaches a folder there: its URL, and the environment (the same ssh as the engine's link). */
  git(folder: string): { url: string; env: Record<string, string> };
}

/**
 * The machines this engine can run children on: given by the host that holds the links (the app, `paragents
 * serve`), absent for an engine alone. A machine not configured, or not connected now, is refused in one sentence.
 */
export interface MachinesPort {
  reach(name: string): Result<MachineChannel>;
}
