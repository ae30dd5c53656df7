// Engine throughput: 50 sessions x 5 turns x 2 tool calls against the scripted server with a fixed 100 ms model
// latency and the concurrency limit at 50. Prints wall time against the ideal (the model's latency alone),
// engine CPU time and peak memory. Run: npm run bench (or node bin/run-ts.js bench/engine.ts [--sessions N]).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../main/core/engine';
import { spawnModelServer } from './spawn-model-server';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    turns: { type: 'string', default: '5' },
    latency: { type: 'string', default: '100' },
    // Writes a CPU profile of the timed part only (not startup, not the warm-up) to this file.
    'cpu-prof': { type: 'string' },
  },
});
const SESSIONS = Number(values.sessions);
const TURNS = Number(values.turns);
const LATENCY = Number(values.latency);
const MODEL_CALLS_PER_TURN = 2; // one step with two tool calls, then the final answer

const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-'));
const server = await spawnModelServer(
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
  dir,
);

const home = join(dir, 'home');
const wsRoot = join(dir, 'ws');
mkdirSync(home, { recursive: true });
writeFileSync(
  join(home, 'config.json'),
  JSON.stringify({ providers: [{ name: 'bench', baseURL: server.url, model: 'bench', apiKey: 'k' }], concurrency: SESSIONS, maxRetries: 0 }),
);
const engine = await createEngine({ home, env: {}, approvals: 'all' });

// Warm-up: one session's turn loads every lazily imported module and compiles the hot paths before timing.
await runSession(-1, 1);

const profiler = values['cpu-prof'] ? await startProfiler() : null;
const threads0 = threadCpuMs();
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const cpu0 = process.cpuUsage();
const t0 = performance.now();

/** utime + stime of another process, from /proc (Linux only). */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}

/** CPU time of each thread of this process (utime + stime, ms), from /proc (Linux only). */
function threadCpuMs(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      const key = tid === String(process.pid) ? 'main' : name;
      out.set(key, (out.get(key) ?? 0) + ms);
    }
  } catch {
    // not Linux
  }
  return out;
}

async function startProfiler(): Promise<{ stop(): Promise<unknown> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

async function runSession(i: number, turns = TURNS): Promise<void> {
  const ws = join(wsRoot, `s${i}`);
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'notes.txt'), `session ${i}\n`);
  const created = await engine.handlers['session.create']({ workspace: ws });
  if (!created.ok) throw new Error(created.error.message);
  for (let t = 0; t < turns; t++) {
    const done = new Promise<string>((resolve) => {
      const off = engine.onEvent((e) => {
        if (e.sessionId === created.value.id && e.type === 'turn_failed') console.error(`session ${i}: ${e.error}`);
        if (e.sessionId === created.value.id && e.type === 'prompt_status' && ['completed', 'failed', 'cancelled'].includes(e.status)) {
          off();
          resolve(e.status);
        }
      });
    });
    const sent = await engine.handlers['prompt.send']({ session: created.value.id, text: `bench turn ${t}` });
    if (!sent.ok) throw new Error(sent.error.message);
    const status = await done;
    if (status !== 'completed') throw new Error(`session ${i} turn ${t} ended ${status}`);
  }
}

await Promise.all(Array.from({ length: SESSIONS }, (_, i) => runSession(i)));
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const threads1 = threadCpuMs();
clearInterval(sampler);
if (profiler && values['cpu-prof']) writeFileSync(values['cpu-prof'], JSON.stringify(await profiler.stop()));
const ideal = TURNS * MODEL_CALLS_PER_TURN * LATENCY;
const stats = engine.stats();
const serverCpuMs = processCpuMs(server.child.pid);
await engine.close();
server.stop();
rmSync(dir, { recursive: true, force: true });

console.log(`engine bench: ${SESSIONS} sessions x ${TURNS} turns x 2 tool calls, model latency ${LATENCY} ms, concurrency ${SESSIONS}`);
console.log(`  wall time        ${wall.toFixed(0)} ms`);
console.log(`  ideal            ${ideal} ms (model latency alone)`);
console.log(`  ratio            ${(wall / ideal).toFixed(3)} (target <= 1.02)`);
console.log(`  engine CPU       ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (user ${(cpu.user / 1000).toFixed(0)}, system ${(cpu.system / 1000).toFixed(0)})`);
console.log(`  model server CPU ${serverCpuMs === null ? 'n/a' : `${serverCpuMs.toFixed(0)} ms`} (same machine: it competes with the engine for ${cpus().length} cores)`);
const byThread = [...threads1].map(([k, v]) => [k, v - (threads0.get(k) ?? 0)] as const).filter(([, v]) => v > 0);
if (byThread.length > 0) console.log(`  engine threads   ${byThread.map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);
console.log(`  peak RSS         ${(peakRss / 1024 / 1024).toFixed(1)} MiB`);
console.log(`  peak slots used  ${stats.peakSlotsInUse} of ${stats.concurrency}`);
