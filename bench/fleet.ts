// A fleet: 10 parents, each starting 8 children with the Agent tool, all streaming long answers at once (80
// children and their parents in flight, the scripted model server in its own process), with the panel open in
// Chromium through the browser host (2×2 grid, a child focused). Prints the panel's frame times, the delay from
// the engine publishing a delta to its text in the DOM (markers in the streamed text, as bench/panel.ts), the
// engine's event-loop delay beside an idle Node process probed at the same time (the machine's own noise), and
// the engine's peak memory, each with its target and met / not met. Asserts nothing.
// Run: npm run bench -- fleet (or node bin/run-ts.js bench/fleet.ts [--parents 10] [--children 8] [--tps 25]
// [--chars 1800] [--latency 300] [--cpu-prof FILE]).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import type { ScriptRule } from '../tests/fixtures/model-server';
import { builtPanel, launchChromium, writeModelConfig } from '../tests/e2e/harness';
import { spawnFleetHost } from './lib/fleet-protocol';
import { spawnIdleProbe } from './lib/idle-probe';
import { answerFor } from './lib/markers';
import { mib } from './lib/memory';
import { INSTALL_PROBE, PAGE_NOW, STOP_PROBE, type ProbeResult } from './lib/panel-probe';
import { percentile, summary } from './lib/stats';
import { spawnModelServer } from './spawn-model-server';

const { values } = parseArgs({
  options: {
    parents: { type: 'string', default: '10' },
    children: { type: 'string', default: '8' },
    tps: { type: 'string', default: '25' },
    chars: { type: 'string', default: '1800' },
    latency: { type: 'string', default: '300' },
    // The engine process writes a CPU profile of the run to this file.
    'cpu-prof': { type: 'string' },
  },
});
const PARENTS = Number(values.parents);
const CHILDREN = Number(values.children);
const CHARS = Number(values.chars);
const CHUNK = 4;
const VIEWPORT = { width: 1400, height: 860 };
const FRAME_MS = 1000 / 60;
// Animation frames come at vsync, 16.7 ms apart with a little jitter either side (16.6, 16.8): a delta under one and
// a half intervals is one frame; longer means a frame was missed.
const ONE_FRAME_MS = FRAME_MS * 1.5;

const pad = (n: number): string => String(n).padStart(2, '0');
const parentName = (p: number): string => `p${pad(p)}`;
const childName = (c: number): string => `c${pad(c)}`;
const parentPrompt = (p: number): string => `fleet parent ${parentName(p)}: split the work`;

/** Each parent starts its children in one step (they run in parallel), then answers once they are all done. */
function rules(): ScriptRule[] {
  const out: ScriptRule[] = [];
  for (let p = 0; p < PARENTS; p++) {
    const calls = Array.from({ length: CHILDREN }, (_, k) => {
      const c = p * CHILDREN + k;
      return { name: 'Agent', arguments: { description: `part ${k + 1}`, prompt: `fleet child ${childName(c)}: stream a long answer`, name: childName(c), isolation: 'shared' } };
    });
    out.push({ when: parentPrompt(p), steps: [{ content: '', toolCalls: calls }, { content: `All ${CHILDREN} parts are done.` }] });
  }
  out.push({ when: 'fleet warm-up', steps: [{ content: '', toolCalls: [{ name: 'Agent', arguments: { description: 'warm-up', prompt: 'fleet warm child: say ok', name: 'w0', isolation: 'shared' } }] }, { content: 'warm' }] });
  out.push({ when: 'fleet warm child:', steps: [{ content: 'ok' }] });
  // Markers carry two digits of session: a child's number is its marker's.
  for (let c = 0; c < PARENTS * CHILDREN; c++) out.push({ when: `fleet child ${childName(c)}:`, steps: [{ content: answerFor(c, CHARS) }] });
  return out;
}

const met = (ok: boolean): string => (ok ? 'met' : 'not met');
const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-fleet-'));
const stops: Array<() => unknown> = [() => rmSync(dir, { recursive: true, force: true })];
try {
  if (PARENTS * CHILDREN > 100) throw new Error('--parents × --children must be at most 100 (markers carry two digits of a child number)');
  const server = await spawnModelServer({ latencyMs: Number(values.latency), tokensPerSecond: Number(values.tps), chunkSize: CHUNK, rules: rules() }, dir);
  stops.push(() => server.stop());
  const home = join(dir, 'home');
  writeModelConfig(home, server.url, { concurrency: PARENTS * (CHILDREN + 1), agents: { maxChildren: CHILDREN } });
  const staticDir = await builtPanel();
  const host = await spawnFleetHost(home, staticDir, values['cpu-prof']);
  stops.push(() => host.stop());
  const idleProbe = await spawnIdleProbe();
  stops.push(() => idleProbe.stop());
  const { url } = await host.ask({ op: 'parents', parents: Array.from({ length: PARENTS }, (_, p) => ({ name: parentName(p), workspace: join(dir, 'ws', parentName(p)) })) });

  // Like every bench, the measured run starts warm: the tokenizer loaded, a turn and a child's paths compiled.
  await host.ask({ op: 'warm', workspace: join(dir, 'ws', 'warm-up'), prompt: 'fleet warm-up: one child' });

  const browser: Browser = await launchChromium();
  stops.push(() => browser.close());
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  await page.goto(url);
  const list = page.getByRole('list', { name: 'Sessions' });
  await list.getByRole('button', { name: new RegExp(`^${parentName(PARENTS - 1)}`) }).waitFor();
  await page.getByRole('button', { name: '⊞ 2×2' }).click();
  await list.getByRole('button', { name: /^p00/ }).click();

  // Clock check: the page's clock against ours, from the quickest of a few round trips.
  let clockCheck = { offset: Number.NaN, error: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 8; i++) {
    const before = Date.now();
    const pageNow = await page.evaluate<number>(PAGE_NOW);
    const after = Date.now();
    if ((after - before) / 2 < clockCheck.error) clockCheck = { offset: pageNow - (before + after) / 2, error: (after - before) / 2 };
  }

  await page.evaluate(INSTALL_PROBE);
  await idleProbe.ask({ op: 'start' });
  const running = host.ask({ op: 'run', prompts: Array.from({ length: PARENTS }, (_, p) => parentPrompt(p)) });
  // A person watching a child: the first child focused as soon as it is listed (the newest ones fill the grid).
  await list.getByRole('button', { name: /^c00/ }).click({ timeout: 60_000 }).catch((e: unknown) => console.error('focus c00:', e instanceof Error ? e.message.split('\n')[0] : e));
  const run = await running;
  const noise = await idleProbe.ask({ op: 'stop' });
  await page.waitForTimeout(300); // let the last frames land
  const probe = await page.evaluate<ProbeResult>(STOP_PROBE);

  const frames = probe.frames.filter(([at]) => at >= run.firstDeltaAt && at <= run.lastDoneAt).map(([, d]) => d);
  const published = new Map(run.markers);
  const delays: number[] = [];
  for (const [marker, shownAt] of probe.markers) {
    const at = published.get(marker);
    if (at !== undefined) delays.push(shownAt - at);
  }
  const visible = new Set(probe.markers.map(([m]) => m.slice(2, 4))).size;
  const frameP95 = percentile(frames, 95);
  const domP95 = percentile(delays, 95);

  console.log(`fleet bench: ${PARENTS} parents × ${CHILDREN} children streaming at once, panel in Chromium (${VIEWPORT.width}×${VIEWPORT.height}, 2×2 grid, a child focused)`);
  console.log(`  machine        ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${mib(totalmem())}; shared with other work, figures vary from run to run`);
  console.log(`  model          ${values.tps} chunks/s per session × ${CHUNK} chars, ~${CHARS} chars per child's answer, ${values.latency} ms to first byte`);
  console.log(`  run            ${(run.wallMs / 1000).toFixed(1)} s; ${run.peakChildren} children running at once at most, ${run.peakStreaming} sessions streaming at once at most; engine CPU ${run.cpuMs.toFixed(0)} ms`);
  if (run.problems.length) console.log(`  problems       ${run.problems.slice(0, 5).join('; ')}${run.problems.length > 5 ? ` (+${run.problems.length - 5})` : ''}`);
  const missed = frames.filter((f) => f >= ONE_FRAME_MS).length;
  console.log(`  frame time     ${summary(frames)} (${frames.length} frames while streaming, ${((missed / Math.max(1, frames.length)) * 100).toFixed(1)} % longer than one frame)`);
  console.log(`  engine → DOM   ${summary(delays)} (${delays.length} markers in the ${visible} sessions on screen)`);
  console.log(`  clock check    page − bench clock ${clockCheck.offset.toFixed(1)} ms (± ${clockCheck.error.toFixed(1)} ms)`);
  const rows: Array<[string, string, string]> = [
    ['panel frame p95', `${frameP95.toFixed(1)} ms`, `within one frame (16.7 ms at 60 Hz, jitter aside): ${met(frameP95 < ONE_FRAME_MS)}`],
    ['engine → DOM p95', `${domP95.toFixed(1)} ms`, `<= 100 ms: ${met(domP95 <= 100)}`],
    ['engine event-loop delay p99', `${run.delayP99Ms.toFixed(1)} ms (max ${run.delayMaxMs.toFixed(1)} ms)`, `<= 30 ms: ${met(run.delayP99Ms <= 30)}`],
    ['idle Node process at the same time (noise)', `p99 ${noise.p99Ms.toFixed(1)} ms, max ${noise.maxMs.toFixed(1)} ms`, "the machine's own"],
    ['engine peak RSS', mib(run.peakRss), `<= 400 MB: ${met(run.peakRss <= 400 * 1024 * 1024)}`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  console.log(`  ${'figure'.padEnd(width)}  ${'measured'.padEnd(valueWidth)}  target`);
  for (const [what, value, target] of rows) console.log(`  ${what.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`);
} finally {
  for (const stop of stops.splice(0).reverse()) {
    try {
      await stop();
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error);
    }
  }
}
