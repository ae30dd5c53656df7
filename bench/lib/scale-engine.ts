// One engine in a fresh process on a scale data folder (child of bench/scale.ts; run with --expose-gc): how long
// until the first `session.list` answer, then its RSS and heap once idle, and the CPU it uses while idle.
// Prints one JSON line: EngineProbe.
// Run: node --expose-gc bin/run-ts.js bench/lib/scale-engine.ts HOME
import { setTimeout as sleep } from 'node:timers/promises';

export interface EngineProbe {
  sessions: number;
  /** ms from process start to the engine module loaded (tsx compiles it here: more than a built app pays). */
  importMs: number;
  /** ms from process start to the first `session.list` answer. */
  processToListMs: number;
  /** ms from calling createEngine to the first `session.list` answer. */
  coldStartMs: number;
  createMs: number;
  firstListMs: number;
  secondListMs: number;
  /** After the list answered and a GC: resident set and V8 heap, bytes. */
  rss: number;
  heapUsed: number;
  /** CPU time (user + system) the idle engine used over `idleWindowMs`. */
  idleCpuMs: number;
  idleWindowMs: number;
  /** What keeps the event loop alive once the list has answered (timers, sockets, handles): none when idle. */
  activeResources: string[];
}

const home = process.argv[2];
if (!home) throw new Error('usage: scale-engine.ts HOME');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

// The process's own handles (its stdio pipes) are there before the engine: only the ones added count.
const ownResources = process.getActiveResourcesInfo();
const { createEngine } = await import('../../main/core/engine');
const t1 = performance.now();
const engine = await createEngine({ home, env: {} });
const t2 = performance.now();
const list = await engine.handlers['session.list']({});
const t3 = performance.now();
if (!list.ok) throw new Error(list.error.message);
await engine.handlers['session.list']({});
const t4 = performance.now();
const activeResources = process.getActiveResourcesInfo();
for (const own of ownResources) {
  const at = activeResources.indexOf(own);
  if (at >= 0) activeResources.splice(at, 1);
}

await sleep(200);
gc();
await sleep(200);
gc();
const mem = process.memoryUsage();
await sleep(1000); // the collector's own background work settles first
const idleWindowMs = 3000;
const before = process.cpuUsage();
await sleep(idleWindowMs);
const used = process.cpuUsage(before);
await engine.close();

const probe: EngineProbe = {
  sessions: list.value.length,
  importMs: t1,
  processToListMs: t3,
  coldStartMs: t3 - t1,
  createMs: t2 - t1,
  firstListMs: t3 - t2,
  secondListMs: t4 - t3,
  rss: mem.rss,
  heapUsed: mem.heapUsed,
  idleCpuMs: (used.user + used.system) / 1000,
  idleWindowMs,
  activeResources,
};
console.log(`SCALE_ENGINE ${JSON.stringify(probe)}`);
