// What the fleet bench and its engine process (fleet-host.ts) say to each other over the IPC channel.
import { spawnBenchHost, type BenchHost } from './host-ipc';

export type FleetRequest =
  | { op: 'parents'; parents: { name: string; workspace: string }[] }
  /** One turn of a session of its own, before the measured run. */
  | { op: 'warm'; workspace: string; prompt: string }
  /** Sends each parent its prompt and answers once every parent's prompt has ended. */
  | { op: 'run'; prompts: string[] }
  | { op: 'close' };

export interface FleetRun {
  wallMs: number;
  cpuMs: number;
  /** The engine's event-loop delay over the run. */
  delayP99Ms: number;
  delayMaxMs: number;
  /** The engine's resident memory, sampled every 100 ms over the run. */
  peakRss: number;
  /** The most children running at once, and the most prompts streaming at once (parents' and children's). */
  peakChildren: number;
  peakStreaming: number;
  /** [marker, epoch ms at which the engine published the delta completing it]. */
  markers: Array<[string, number]>;
  firstDeltaAt: number;
  lastDoneAt: number;
  /** Prompts that did not complete ("NAME: status"). */
  problems: string[];
}

export type FleetReply = { op: 'ready' } | { op: 'parents'; url: string } | { op: 'warm' } | ({ op: 'run' } & FleetRun) | { op: 'close' };

export type FleetHost = BenchHost<FleetRequest, FleetReply>;

/** `cpuProf`: the host writes a CPU profile of the run to this file. */
export function spawnFleetHost(home: string, staticDir: string, cpuProf?: string): Promise<FleetHost> {
  return spawnBenchHost<FleetRequest, FleetReply>('bench/lib/fleet-host.ts', ['--home', home, '--static', staticDir, ...(cpuProf ? ['--cpu-prof', cpuProf] : [])]);
}
