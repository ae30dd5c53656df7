// Engine throughput: 50 sessions x 5 turns x 2 tool calls against the scripted server with a fixed 100 ms model
// latency and the concurrency limit at 50. Prints wall time against the ideal (the model's latency alone),
// engine CPU time (and per model step), peak memory; then the engine CPU per streamed delta, from sessions
// streaming long answers at a steady rate against the same sessions answering in one chunk.
// Run: npm run bench -- engine (or node bin/run-ts.js bench/engine.ts [--sessions N] [--turns N] [--cpu-prof FILE]
// [--cpu-prof-stream FILE]).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../main/core/engine';
import type { Engine } from '../main/core/engine/types';
import type { Script } from '../tests/fixtures/model-server';
import { cpuMsSince, processCpuMs, startProfiler, threadCpuMs, threadsSince } from './lib/cpu';
import { recordedBodies, replayWithSdk, type SdkRun } from './lib/sdk-baseline';
import { countsSince, TurnDriver } from './lib/turn-driver';
import { spawnModelServer } from './spawn-model-server';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    turns: { type: 'string', default: '5' },
    latency: { type: 'string', default: '100' },
    // Writes a CPU profile of the timed part only (not startup, not the warm-up) to this file.
    'cpu-prof': { type: 'string' },
    // Writes a CPU profile of the streaming rounds to this file.
    'cpu-prof-stream': { type: 'string' },
    // The streaming part: sessions, characters per long answer, chunks per second per session.
    'stream-sessions': { type: 'string', default: '20' },
    'stream-chars': { type: 'string', default: '1600' },
    'stream-tps': { type: 'string', default: '200' },
  },
});
const SESSIONS = Number(values.sessions);
const TURNS = Number(values.turns);
const LATENCY = Number(values.latency);
const MODEL_CALLS_PER_TURN = 2; // one step with two tool calls, then the final answer
const STREAM_SESSIONS = Number(values['stream-sessions']);
const STREAM_CHARS = Number(values['stream-chars']);
const STREAM_TPS = Number(values['stream-tps']);
const CHUNK = 4;

const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-'));
const stops: Array<() => unknown> = [];
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A model server in its own process and an engine of its own data folder talking to it. */
async function startEngine(name: string, script: Script, concurrency: number) {
  const serverDir = join(dir, `${name}-server`);
  mkdirSync(serverDir, { recursive: true });
  // The server records the engine's requests, replayed afterwards with the bare SDK.
  const record = join(serverDir, 'requests.jsonl');
  writeFileSync(record, '');
  const server = await spawnModelServer(script, serverDir, record);
  stops.push(() => server.stop());
  const home = join(dir, `${name}-home`);
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ providers: [{ name: 'bench', baseURL: server.url, model: 'bench', apiKey: 'k' }], concurrency, maxRetries: 0 }),
  );
  const engine = await createEngine({ home, env: {}, approvals: 'all' });
  return { server, engine, driver: new TurnDriver(engine, CHUNK), record, url: server.url };
}

async function runSession(engine: Engine, driver: TurnDriver, name: string, turns: number, text: (t: number) => string): Promise<void> {
  const ws = join(dir, 'ws', name);
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'notes.txt'), `session ${name}\n`);
  const id = await driver.createSession(ws);
  for (let t = 0; t < turns; t++) await driver.turn(id, text(t));
}

// ---- model steps with tool calls ----
const main = await startEngine(
  'steps',
  {
    latencyMs: LATENCY,
    rules: [
      {
        when: 'bench turn',
        steps: [
          { content: '', toolCalls: [{ name: 'Read', arguments: { path: 'notes.txt' } }, { name: 'LS', arguments: {} }] },
          { content: 'done: {{lastTool}}' },
        ],
      },
    ],
  },
  SESSIONS,
);
const benchTurn = (t: number): string => `bench turn ${t}`;
// Warm-up: one session's turn loads every lazily imported module and compiles the hot paths before timing.
await runSession(main.engine, main.driver, 'warm', 1, benchTurn);

const warmBodies = recordedBodies(main.record).length;
const profiler = values['cpu-prof'] ? await startProfiler() : null;
const threads0 = threadCpuMs();
const counts0 = main.driver.snapshot();
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const serverCpu0 = processCpuMs(main.server.child.pid);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(Array.from({ length: SESSIONS }, (_, i) => runSession(main.engine, main.driver, `s${i}`, TURNS, benchTurn)));
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const threads1 = threadCpuMs();
const serverCpu1 = processCpuMs(main.server.child.pid);
clearInterval(sampler);
if (profiler && values['cpu-prof']) writeFileSync(values['cpu-prof'], JSON.stringify(await profiler.stop()));
const counts = countsSince(counts0, main.driver.snapshot());
const stats = main.engine.stats();
main.driver.close();
await main.engine.close();
// The floor: the same requests (the timed part's own bodies) with the bare SDK, at the same concurrency.
// (Its first requests load and compile the SDK's own paths, as the engine's warm-up turn did for the engine.)
const timedBodies = recordedBodies(main.record).slice(warmBodies);
await replayWithSdk(main.url, timedBodies.slice(0, SESSIONS), SESSIONS);
const sdkSteps = await replayWithSdk(main.url, timedBodies, SESSIONS);
main.server.stop();

// ---- streamed deltas: long answers against one-chunk answers, same sessions and steps ----
const long = 'Streaming text at a steady rate. '.repeat(Math.ceil(STREAM_CHARS / 33)).slice(0, STREAM_CHARS);
const stream = await startEngine(
  'stream',
  {
    latencyMs: 20,
    tokensPerSecond: STREAM_TPS,
    chunkSize: CHUNK,
    rules: [
      { when: 'stream long', steps: [{ content: long }] },
      { when: 'stream short', steps: [{ content: 'ok' }] },
    ],
  },
  STREAM_SESSIONS,
);
const streamIds = await Promise.all(
  Array.from({ length: STREAM_SESSIONS }, async (_, i) => {
    const ws = join(dir, 'ws', `stream${i}`);
    mkdirSync(ws, { recursive: true });
    return stream.driver.createSession(ws);
  }),
);
/** Engine CPU and model deltas of one turn in every stream session at once. */
async function streamRound(kind: 'long' | 'short'): Promise<{ cpuMs: number; modelDeltas: number; published: number }> {
  const before = stream.driver.snapshot();
  const c0 = process.cpuUsage();
  await Promise.all(streamIds.map((id) => stream.driver.turn(id, `stream ${kind}`)));
  const cpuMs = cpuMsSince(c0);
  const d = countsSince(before, stream.driver.snapshot());
  return { cpuMs, modelDeltas: d.modelDeltas, published: d.deltas };
}
/** The last user message of a recorded body: which round it belongs to. */
const lastUser = (body: Record<string, unknown>): string => {
  const messages = (body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const user = messages.filter((m) => m.role === 'user').at(-1);
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '');
};
await streamRound('long'); // warm-up
const streamProfiler = values['cpu-prof-stream'] ? await startProfiler() : null;
const perDelta: number[] = [];
let published = 0;
let modelDeltas = 0;
for (let round = 0; round < 3; round++) {
  const s = await streamRound('short');
  const l = await streamRound('long');
  perDelta.push(((l.cpuMs - s.cpuMs) * 1000) / (l.modelDeltas - s.modelDeltas));
  published += l.published;
  modelDeltas += l.modelDeltas;
}
if (streamProfiler && values['cpu-prof-stream']) writeFileSync(values['cpu-prof-stream'], JSON.stringify(await streamProfiler.stop()));
stream.driver.close();
await stream.engine.close();
// The SDK's own CPU per chunk: the last rounds' long requests against their short ones, replayed the same way.
const streamBodies = recordedBodies(stream.record).slice(-2 * STREAM_SESSIONS * 3);
const sdkPerChunk: number[] = [];
for (let round = 0; round < 3; round++) {
  const s: SdkRun = await replayWithSdk(stream.url, streamBodies.filter((b) => lastUser(b) === 'stream short').slice(0, STREAM_SESSIONS), STREAM_SESSIONS);
  const l: SdkRun = await replayWithSdk(stream.url, streamBodies.filter((b) => lastUser(b) === 'stream long').slice(0, STREAM_SESSIONS), STREAM_SESSIONS);
  sdkPerChunk.push(((l.cpuMs - s.cpuMs) * 1000) / (l.chunks - s.chunks));
}
const sdkChunkMedian = [...sdkPerChunk].sort((a, b) => a - b)[1] as number;
for (const stop of stops) stop();

const engineCpuMs = (cpu.user + cpu.system) / 1000;
const ideal = TURNS * MODEL_CALLS_PER_TURN * LATENCY;
const median = [...perDelta].sort((a, b) => a - b)[1] as number;
console.log(`engine bench: ${SESSIONS} sessions x ${TURNS} turns x 2 tool calls, model latency ${LATENCY} ms, concurrency ${SESSIONS}`);
console.log(`  wall time          ${wall.toFixed(0)} ms`);
console.log(`  ideal              ${ideal} ms (model latency alone)`);
console.log(`  ratio              ${(wall / ideal).toFixed(3)} (target <= 1.02)`);
console.log(`  engine CPU         ${engineCpuMs.toFixed(0)} ms (user ${(cpu.user / 1000).toFixed(0)}, system ${(cpu.system / 1000).toFixed(0)})`);
console.log(`  work done          ${counts.steps} model steps, ${counts.toolCalls} tool calls, ${counts.modelDeltas} streamed deltas`);
const perStep = engineCpuMs / counts.steps;
const sdkPerRequest = sdkSteps.cpuMs / sdkSteps.requests;
console.log(`  CPU per model step ${perStep.toFixed(2)} ms (its tool calls included)`);
console.log(`  bare SDK           ${sdkPerRequest.toFixed(2)} ms per request (the same ${sdkSteps.requests} requests streamed with the openai SDK, ${SESSIONS} at a time)`);
console.log(`  step / SDK         ${(perStep / sdkPerRequest).toFixed(2)}× (target <= 3×): ${perStep <= 3 * sdkPerRequest ? 'met' : 'not met'}`);
const serverCpu = serverCpu0 !== null && serverCpu1 !== null ? serverCpu1 - serverCpu0 : null;
console.log(`  model server CPU   ${serverCpu === null ? 'n/a' : `${serverCpu.toFixed(0)} ms`} (its own process, not counted above; it competes for the ${cpus().length} cores)`);
const byThread = threadsSince(threads0, threads1);
if (byThread) console.log(`  engine threads     ${byThread}`);
console.log(`  peak RSS           ${(peakRss / 1024 / 1024).toFixed(1)} MiB`);
console.log(`  peak slots used    ${stats.peakSlotsInUse} of ${stats.concurrency}`);
console.log(
  `streamed deltas: ${STREAM_SESSIONS} sessions x ${long.length}-character answers at ${STREAM_TPS} chunks/s of ${CHUNK} characters, against one-chunk answers (3 rounds)`,
);
console.log(`  CPU per delta      ${median.toFixed(1)} µs median (rounds: ${perDelta.map((x) => x.toFixed(1)).join(', ')})`);
console.log(`  bare SDK           ${sdkChunkMedian.toFixed(1)} µs per chunk median (rounds: ${sdkPerChunk.map((x) => x.toFixed(1)).join(', ')})`);
console.log(`  delta / SDK chunk  ${(median / sdkChunkMedian).toFixed(2)}× (target <= 2×): ${median <= 2 * sdkChunkMedian ? 'met' : 'not met'}`);
console.log(`  published          ${published} assistant_delta events for ${modelDeltas} streamed deltas`);
