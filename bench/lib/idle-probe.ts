// The machine's own noise: an idle Node process measuring its event loop's delay over the same span as the
// engine's. What it sees (timer slack, other processes on the same cores) is not the engine's doing, so a
// benchmark prints it beside the engine's figure.
import { spawnBenchHost, type BenchHost } from './host-ipc';

export type ProbeRequest = { op: 'start' } | { op: 'stop' } | { op: 'close' };
export type ProbeReply = { op: 'start' } | { op: 'stop'; p99Ms: number; maxMs: number } | { op: 'close' };
export type IdleProbe = BenchHost<ProbeRequest, ProbeReply>;

export function spawnIdleProbe(): Promise<IdleProbe> {
  return spawnBenchHost<ProbeRequest, ProbeReply>('bench/lib/idle-probe-host.ts', []);
}
