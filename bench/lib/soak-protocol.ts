// What the soak bench and its engine process (soak-host.ts) say to each other over the IPC channel.
import { spawnBenchHost, type BenchHost } from './host-ipc';
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

export type SoakHost = BenchHost<HostRequest, HostReply>;

/** `cpuProf`: the host writes a CPU profile of what runs between measure-start and measure-stop to this file. */
export function spawnSoakHost(home: string, staticDir: string, chunk: number, cpuProf?: string): Promise<SoakHost> {
  return spawnBenchHost('bench/lib/soak-host.ts', ['--home', home, '--static', staticDir, '--chunk', String(chunk), ...(cpuProf ? ['--cpu-prof', cpuProf] : [])]);
}
