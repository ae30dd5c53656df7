// Soak: 20 sessions x 200 turns, each turn a step with three tool calls (Read, Write, LS) and a streamed answer,
// against the scripted model server (its own process), with the panel open in Chromium through the browser host
// the whole time (2×2 grid). Prints the engine's memory after the warm-up turns against the end (after a full
// GC both times), the event loop's delay during the run, the renderer's heap once every session's transcript was
// opened, and the CPU used while everything sits idle afterwards. Asserts nothing.
// Run: npm run bench -- soak (or node bin/run-ts.js bench/soak.ts [--sessions 20] [--turns 200] [--warmup 20]
// [--latency 20] [--tps 400] [--idle 5] [--no-panel] [--cpu-prof FILE]).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { builtPanel, launchChromium, writeModelConfig } from '../tests/e2e/harness';
import { processCpuMs } from './lib/cpu';
import { growth, mib, type MemoryReading } from './lib/memory';
import { spawnIdleProbe } from './lib/idle-probe';
import { spawnSoakHost } from './lib/soak-protocol';
import { spawnModelServer } from './spawn-model-server';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '20' },
    turns: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    latency: { type: 'string', default: '20' },
    tps: { type: 'string', default: '400' },
    idle: { type: 'string', default: '5' },
    'no-panel': { type: 'boolean', default: false },
    // The engine process writes a CPU profile of the soak turns (not the warm-up) to this file.
    'cpu-prof': { type: 'string' },
  },
});
const SESSIONS = Number(values.sessions);
const TURNS = Number(values.turns);
const WARMUP = Number(values.warmup);
const IDLE_S = Number(values.idle);
const PANEL = !values['no-panel'];
const CHUNK = 4;
/** Memory readings over the soak, one after each tenth of its turns. */
const CHUNKS = 10;
const VIEWPORT = { width: 1400, height: 860 };

const name = (i: number): string => `s${String(i).padStart(2, '0')}`;
const PROMPT = 'soak s{session} turn {turn}';
const promptOf = (i: number, t: number): string => PROMPT.replace('{session}', String(i).padStart(2, '0')).replace('{turn}', String(t));
// The answer repeats the prompt (so the page can tell when a session's last answer is shown) and streams a
// paragraph of ordinary length.
const ANSWER = `Done with {{turn}}. ${'The file was read, the log written and the folder listed; nothing else changed. '.repeat(3)}`;

const SUMMARY = ['## Goal', 'Append to log.txt each turn.', '## Decisions and why', 'none', '## Files read and changed', 'notes.txt read, log.txt written', '## Commands run and their outcome', 'none', '## Open tasks', 'none', '## Unresolved errors', 'none'].join('\n');

const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-soak-'));
const stops: Array<() => unknown> = [() => rmSync(dir, { recursive: true, force: true })];
try {
  const server = await spawnModelServer(
    {
      latencyMs: Number(values.latency),
      tokensPerSecond: Number(values.tps),
      chunkSize: CHUNK,
      rules: [
        // The compaction's summary request names earlier prompts too: answered by a summary, not a turn's tool calls.
        { when: 'Write the summary now', steps: [{ content: SUMMARY }] },
        {
          when: 'soak ',
          steps: [
            {
              content: '',
              toolCalls: [
                { name: 'Read', arguments: { path: 'notes.txt' } },
                { name: 'Write', arguments: { path: 'log.txt', content: 'one more turn\n'.repeat(20) } },
                { name: 'LS', arguments: {} },
              ],
            },
            { content: ANSWER },
          ],
        },
      ],
    },
    dir,
  );
  stops.push(() => server.stop());
  const home = join(dir, 'home');
  writeModelConfig(home, server.url, { concurrency: SESSIONS });
  const staticDir = await builtPanel();
  const host = await spawnSoakHost(home, staticDir, CHUNK, values['cpu-prof']);
  stops.push(() => host.stop());
  const idleProbe = await spawnIdleProbe();
  stops.push(() => idleProbe.stop());
  const { url } = await host.ask({
    op: 'sessions',
    sessions: Array.from({ length: SESSIONS }, (_, i) => ({ name: name(i), workspace: join(dir, 'ws', name(i)), notes: `notes of ${name(i)}\n`.repeat(40) })),
  });
  let browser: Browser | null = null;
  let page: Page | null = null;
  if (PANEL) {
    browser = await launchChromium();
    const opened = browser;
    stops.push(() => opened.close());
    page = await browser.newPage({ viewport: VIEWPORT });
    page.on('pageerror', (error) => console.error('[page error]', error.message));
    await openGrid(page, url);
  }

  // ---- warm-up: every session's first turns, then the baseline ----
  const warm = await host.ask({ op: 'turns', from: 0, to: WARMUP, prompt: PROMPT });
  const readings: Array<{ turn: number; memory: MemoryReading }> = [{ turn: WARMUP, memory: (await host.ask({ op: 'memory' })).memory }];
  // ---- the soak, in chunks with a memory reading (after a full GC, every session idle) after each ----
  const server0 = processCpuMs(server.child.pid);
  const delays: Array<{ delayP99Ms: number; delayMaxMs: number }> = [];
  const noise: Array<{ p99Ms: number; maxMs: number }> = [];
  const measureStart = async (): Promise<void> => {
    await host.ask({ op: 'measure-start' });
    await idleProbe.ask({ op: 'start' });
  };
  await measureStart();
  const run = { wallMs: 0, cpuMs: 0, counts: { steps: 0, toolCalls: 0, deltas: 0, deltaChars: 0, modelDeltas: 0 } };
  for (let c = 1; c <= CHUNKS; c++) {
    const from = WARMUP + Math.round(((TURNS - WARMUP) * (c - 1)) / CHUNKS);
    const to = WARMUP + Math.round(((TURNS - WARMUP) * c) / CHUNKS);
    if (to <= from) continue;
    const chunk = await host.ask({ op: 'turns', from, to, prompt: PROMPT });
    run.wallMs += chunk.wallMs;
    run.cpuMs += chunk.cpuMs;
    for (const k of Object.keys(run.counts) as Array<keyof typeof run.counts>) run.counts[k] += chunk.counts[k];
    // Each reading stops the clock of the event-loop delay: a full GC is the bench's pause, not the engine's.
    const measured = await host.ask({ op: 'measure-stop' });
    delays.push(measured);
    noise.push(await idleProbe.ask({ op: 'stop' }));
    readings.push({ turn: to, memory: (await host.ask({ op: 'memory' })).memory });
    if (c < CHUNKS) await measureStart();
  }
  const serverCpuMs = (processCpuMs(server.child.pid) ?? Number.NaN) - (server0 ?? Number.NaN);
  const atWarm = (readings[0] as (typeof readings)[number]).memory;
  const atEnd = (readings.at(-1) as (typeof readings)[number]).memory;
  const rssTrend = trendGrowth(readings.map((r) => [r.turn, r.memory.rss]));
  const heapTrend = trendGrowth(readings.map((r) => [r.turn, r.memory.heapUsed]));
  const p99 = Math.max(...delays.map((d) => d.delayP99Ms));
  const maxDelay = Math.max(...delays.map((d) => d.delayMaxMs));
  const noiseP99 = Math.max(...noise.map((d) => d.p99Ms));
  const noiseMax = Math.max(...noise.map((d) => d.maxMs));

  // ---- the renderer with every transcript opened ----
  const renderer = page ? await openEveryTranscript(page, TURNS - 1) : null;

  // ---- idle: nothing runs; what do the engine and the page still spend? ----
  await new Promise((r) => setTimeout(r, 500));
  const others = new Set([server.child.pid, host.child.pid]);
  const browserCpu0 = descendantsCpuMs(others);
  const idle = await host.ask({ op: 'idle', seconds: IDLE_S });
  const browserIdleMs = descendantsCpuMs(others) - browserCpu0;

  const { counts } = run;

  const rows: Array<[string, string, string]> = [
    ['engine CPU per model step (soak, growing histories)', `${(run.cpuMs / counts.steps).toFixed(2)} ms`, 'see bench/engine.ts (<= 3× the bare SDK)'],
    ['engine RSS growth after warm-up (trend)', `${pct(rssTrend)} (${mib(atWarm.rss)} → ${mib(atEnd.rss)}, ${growth(atWarm.rss, atEnd.rss)} end to end)`, `<= 5 %: ${met(rssTrend <= 5)}`],
    ['engine heap growth after warm-up (trend)', `${pct(heapTrend)} (${mib(atWarm.heapUsed)} → ${mib(atEnd.heapUsed)})`, 'flat'],
    ['event-loop delay p99 during the run', `${p99.toFixed(1)} ms (worst of ${delays.length} chunks)`, `<= 20 ms: ${met(p99 <= 20)}`],
    ['longest event-loop delay (the longest task)', `${maxDelay.toFixed(1)} ms`, `<= 100 ms: ${met(maxDelay <= 100)}`],
    ['idle Node process at the same time (noise)', `p99 ${noiseP99.toFixed(1)} ms, max ${noiseMax.toFixed(1)} ms`, 'the machine\'s own'],
    ['renderer heap, all transcripts opened', renderer === null ? 'n/a (--no-panel)' : `${mib(renderer.heap)} (${SESSIONS} sessions, 2×2 grid)`, '<= 150 MB'],
    ['engine CPU idle afterwards', `${((idle.cpuMs / (IDLE_S * 1000)) * 100).toFixed(2)} % of a core (${idle.cpuMs.toFixed(1)} ms in ${IDLE_S} s; ${idle.timers} timers alive)`, '0 %'],
    ['Chromium CPU idle afterwards', PANEL ? `${((browserIdleMs / (IDLE_S * 1000)) * 100).toFixed(2)} % of a core` : 'n/a', '~0 %'],
  ];
  console.log(`soak bench: ${SESSIONS} sessions x ${TURNS} turns (${WARMUP} of warm-up), each a step with Read + Write + LS and a streamed answer`);
  console.log(`  machine        ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${mib(totalmem())}; shared with other work, figures vary from run to run`);
  console.log(`  engine         its own process with the browser host${PANEL ? ', the panel open in Chromium all along' : ''}`);
  console.log(`  run            ${(warm.wallMs / 1000).toFixed(1)} s warm-up, ${(run.wallMs / 1000).toFixed(1)} s soak: ${counts.steps} model steps, ${counts.toolCalls} tool calls, ${counts.modelDeltas} streamed deltas (${counts.deltas} published)`);
  console.log(`  CPU            engine ${run.cpuMs.toFixed(0)} ms, model server ${serverCpuMs.toFixed(0)} ms (its own process)`);
  if (renderer?.errors.length) console.log(`  panel problems ${renderer.errors.join('; ')}`);
  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  console.log(`  ${'figure'.padEnd(width)}  ${'measured'.padEnd(valueWidth)}  target`);
  for (const [what, value, target] of rows) console.log(`  ${what.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`);
  for (const r of readings) printMemory(`after turn ${r.turn}`, r.memory);
} finally {
  for (const stop of stops.splice(0).reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error);
    }
  }
}

/**
 * Growth over the soak from the least-squares line through the readings, in percent of the line's start: one
 * reading caught at a high or low point of the allocator moves it less than it moves a start-to-end difference.
 */
function trendGrowth(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
  const x0 = points[0]?.[0] ?? 0;
  const x1 = points.at(-1)?.[0] ?? 0;
  const start = my + slope * (x0 - mx);
  return ((slope * (x1 - x0)) / start) * 100;
}

function met(ok: boolean): string {
  return ok ? 'met' : 'not met';
}

function pct(x: number): string {
  return `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;
}

function printMemory(when: string, m: MemoryReading): void {
  console.log(`  memory ${when.padEnd(14)} rss ${mib(m.rss)}, heap ${mib(m.heapUsed)} used of ${mib(m.heapTotal)}, external ${mib(m.external)}`);
}

/** The panel as a person would watch the run: the 2×2 grid with the first session focused. */
async function openGrid(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const list = page.getByRole('list', { name: 'Sessions' });
  await list.getByRole('button', { name: new RegExp(`^${name(SESSIONS - 1)}`) }).waitFor();
  await page.getByRole('button', { name: '⊞ 2×2' }).click();
  await list.getByRole('button', { name: /^s00/ }).click();
}

/**
 * Focuses every session in turn until its last answer shows, then reads the page's JS heap after a GC (CDP:
 * HeapProfiler.collectGarbage, Runtime.getHeapUsage).
 */
async function openEveryTranscript(page: Page, lastTurn: number): Promise<{ heap: number; errors: string[] }> {
  const errors: string[] = [];
  const list = page.getByRole('list', { name: 'Sessions' });
  for (let i = 0; i < SESSIONS; i++) {
    await list.getByRole('button', { name: new RegExp(`^${name(i)}`) }).click();
    await page
      .locator('.session-pane')
      .first()
      .getByText(`Done with ${promptOf(i, lastTurn)}.`)
      .waitFor({ timeout: 30_000 })
      .catch((e: unknown) => errors.push(`${name(i)}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`));
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return { heap: heap.usedSize, errors };
}

/** CPU (ms) of this process's child processes and theirs (Chromium's), leaving out `exclude` (and theirs). */
function descendantsCpuMs(exclude: ReadonlySet<number | undefined>): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!mine.has(pid) && mine.has(ppid) && !exclude.has(pid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  let total = 0;
  for (const pid of mine) total += processCpuMs(pid) ?? 0;
  return total;
}
