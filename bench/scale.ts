// Scale: a data folder of 500 sessions × 2,000 stored messages (written through the store's own API, tool
// outputs of 2–20 KB; built once and cached under the temp folder, keyed by DATA_VERSION), then:
//   - engine cold start to the first `session.list` answer, in a fresh process;
//   - engine RSS idle with every session in the list, idle CPU, and memory per idle session (the slope of RSS
//     over data folders of 100 / 250 / 500 sessions);
//   - the panel's first paint in Chromium through the browser host (navigation start → first list row painted);
//   - opening a 2,000-message session (click → its last message painted), scrolling it to its first message;
//   - the renderer's JS heap after opening 20 long sessions one after another;
//   - database size per stored message.
// Prints the figures beside the targets. Asserts nothing.
// Run: node bin/run-ts.js bench/scale.ts [--root DIR] [--sessions 500] [--messages 2000] [--no-panel]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DATABASE_FILE } from '../main/core/engine';
import { Store } from '../main/core/store/store';
import { ensureScaleData } from './lib/scale-data';
import type { EngineProbe } from './lib/scale-engine';
import { measurePanel, type PanelFigures } from './lib/scale-panel';
import { percentile } from './lib/stats';

/** Bump when the generated data changes, so a cached folder of the old shape is not reused. */
const DATA_VERSION = 'v1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: tmpdir() },
    sessions: { type: 'string', default: '500' },
    messages: { type: 'string', default: '2000' },
    'no-panel': { type: 'boolean', default: false },
  },
});
const SESSIONS = Number(values.sessions);
const checkpoints = [...new Set([Math.round(SESSIONS / 5), Math.round(SESSIONS / 2), SESSIONS])];
const shape = { sessions: SESSIONS, messagesPerSession: Number(values.messages), checkpoints };

console.log(`scale bench: ${SESSIONS} sessions × ${shape.messagesPerSession} stored messages`);
const folders = ensureScaleData(values.root, DATA_VERSION, shape, (line) => console.log(line));
const built = JSON.parse(readFileSync(join(folders.home, '..', 'built.json'), 'utf8')) as { builtInSeconds: number };
console.log(
  folders.builtInSeconds > 0
    ? `  data folder    built in ${folders.builtInSeconds.toFixed(0)} s: ${folders.home}`
    : `  data folder    cached (${DATA_VERSION}; built in ${built.builtInSeconds.toFixed(0)} s): ${folders.home}`,
);

// Migrations a newer checkout adds run here, once, not inside the cold starts measured below.
for (const home of new Set(folders.partial.values())) new Store(join(home, DATABASE_FILE)).close();

// ---- engine, each in a fresh process ----
const probes = new Map<number, EngineProbe[]>();
for (const n of checkpoints) {
  const home = folders.partial.get(n) as string;
  for (let run = 0; run < 3; run++) {
    const list = probes.get(n) ?? [];
    list.push(probeEngine(home));
    probes.set(n, list);
  }
}
const full = probes.get(SESSIONS) as EngineProbe[];
const median = (xs: number[]): number => percentile(xs, 50);
const coldStart = median(full.map((p) => p.coldStartMs));
const rssFull = median(full.map((p) => p.rss));
const slope = rssSlope(checkpoints.map((n) => [n, median((probes.get(n) ?? []).map((p) => p.rss))] as const));
const heapSlope = rssSlope(checkpoints.map((n) => [n, median((probes.get(n) ?? []).map((p) => p.heapUsed))] as const));
const idleCpu = Math.max(...full.map((p) => (p.idleCpuMs / p.idleWindowMs) * 100));

// ---- database ----
const dbBytes = fileSize(join(folders.home, DATABASE_FILE)) + fileSize(join(folders.home, `${DATABASE_FILE}-wal`));

// ---- panel ----
let panel: PanelFigures | null = null;
if (!values['no-panel']) panel = await measurePanel(folders.home, SESSIONS, { firstPaintRuns: 5, openRuns: 7, heapSessions: 20 });

// ---- report ----
const ms = (n: number | null | undefined): string => (n === null || n === undefined || !Number.isFinite(n) ? 'n/a' : `${n.toFixed(0)} ms`);
const mb = (n: number | null | undefined): string => (n === null || n === undefined ? 'n/a' : `${(n / 1024 / 1024).toFixed(0)} MB`);
for (const n of checkpoints) {
  for (const p of probes.get(n) ?? []) {
    console.log(
      `  engine ${String(n).padStart(4)}    createEngine ${ms(p.createMs)} + first session.list ${ms(p.firstListMs)} (second ${ms(p.secondListMs)}); process start → list ${ms(p.processToListMs)} (of which tsx import ${ms(p.importMs)}); RSS ${mb(p.rss)}, heap ${mb(p.heapUsed)}; idle CPU ${p.idleCpuMs.toFixed(1)} ms in ${p.idleWindowMs / 1000} s, ${p.activeResources.length === 0 ? 'no timers or handles' : `held: ${p.activeResources.join(', ')}`}`,
    );
  }
}
if (panel) {
  console.log(`  panel          first paint ${panel.firstPaint.map((x) => ms(x)).join(', ')} (fresh browser contexts; navigation start → first list row painted; best ${ms(Math.min(...panel.firstPaint))})`);
  console.log(`  panel          open ${panel.open.map((x) => ms(x)).join(', ')} (click → last message painted); ${panel.domElements ?? 'n/a'} elements in the page`);
  for (const e of panel.errors) console.log(`  panel error    ${e}`);
}

const rows: Array<[string, string, string]> = [
  ['cold start, 500 × 2,000 history, to session list', ms(coldStart), '≤ 300 ms'],
  ['panel first paint on that folder', ms(panel ? median(panel.firstPaint) : null), '≤ 1 s'],
  ['open a 2,000-message session (to its last screen)', ms(panel ? median(panel.open) : null), '≤ 150 ms'],
  ['scroll that session to its first message', ms(panel?.scrollToTop), '—'],
  [`renderer heap after opening ${panel?.heapSessions ?? 20} long sessions`, mb(panel?.heapAfterOpening), '≤ 150 MB'],
  [`engine RSS idle, ${SESSIONS} sessions in the list`, mb(rssFull), '—'],
  ['memory per idle session (engine, RSS slope)', `${(slope / 1024).toFixed(1)} KB (heap ${(heapSlope / 1024).toFixed(1)} KB)`, '≤ 100 KB'],
  ['idle CPU with all sessions loaded', `${idleCpu.toFixed(2)} % (${full.every((p) => p.activeResources.length === 0) ? 'no timers' : 'timers held'})`, '0 %'],
  ['database size per stored message', `${(dbBytes / folders.messages / 1024).toFixed(1)} KB`, '—'],
];
const w0 = Math.max(...rows.map((r) => r[0].length));
const w1 = Math.max(...rows.map((r) => r[1].length), 'measured'.length);
console.log(`\n  machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB; load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (figures are medians)`);
console.log(`  ${'figure'.padEnd(w0)}  ${'measured'.padStart(w1)}  target`);
for (const [name, got, target] of rows) console.log(`  ${name.padEnd(w0)}  ${got.padStart(w1)}  ${target}`);
process.exit(0);

function probeEngine(home: string): EngineProbe {
  const r = spawnSync(process.execPath, ['--expose-gc', join(ROOT, 'bin/run-ts.js'), join(ROOT, 'bench/lib/scale-engine.ts'), home], { encoding: 'utf8' });
  const line = r.stdout.split('\n').find((l) => l.startsWith('SCALE_ENGINE '));
  if (r.status !== 0 || !line) throw new Error(`engine probe on ${home} failed (exit ${r.status}): ${r.stderr.trim()}`);
  return JSON.parse(line.slice('SCALE_ENGINE '.length)) as EngineProbe;
}

/** Least-squares slope of a memory figure (bytes) over session counts: bytes per session. */
function rssSlope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function fileSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}
