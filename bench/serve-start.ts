// Start-up cost of `paragents serve`: `node bin/run-ts.js bench/serve-start.ts`. Times, in one run, a bare
// `node -e 0` and `paragents serve --port 0` from spawn to the URL line on stdout (then the server is stopped),
// on an empty data folder and on one of 300 sessions. Each run is a new process; figures are medians. The target
// is relative to `node -e 0` measured beside it, so a slower or busier machine moves both sides alike.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openTestStore, promptAt } from '../tests/helpers/prompt-moves';
import { DATABASE_FILE } from '../main/core/engine';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/paragents.js');
const RUNS = 9;
const SESSIONS = 300;
const TARGET_RATIO = 10;

execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'paragents-serve-bench-'));

/** A data folder (and its HOME) with `sessions` sessions, each with one prompt and its answer. */
function dataFolder(name: string, sessions: number): { home: string; data: string } {
  const home = join(dir, name);
  const data = join(home, '.paragents');
  mkdirSync(data, { recursive: true });
  if (sessions === 0) return { home, data };
  // Prompts are queued through the prompt lifecycle, the one writer of prompt rows.
  const t = openTestStore(join(data, DATABASE_FILE));
  const { store } = t;
  const workspace = join(dir, 'ws');
  for (let i = 0; i < sessions; i++) {
    const s = store.sessions.create({ workspace, name: `s${i}`, mode: 'default' });
    const p = promptAt(t, s.id, `prompt ${i}`);
    store.transcript.append(s.id, p.id, { role: 'user', content: `prompt ${i}` });
    store.transcript.append(s.id, p.id, { role: 'assistant', content: `answer ${i} `.repeat(50) });
  }
  store.close();
  return { home, data };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function bareNode(): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Milliseconds from spawn to the first stdout line of `serve` (its URL); the server is then stopped and awaited. */
function serveOnce(home: string, data: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
      // No model settings: the bench measures the start, not a model; the panel's setup view would walk a person through.
      env: { PATH: process.env.PATH ?? '', HOME: home, PARAGENTS_HOME: data },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let ms: number | null = null;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (err += chunk));
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (ms === null && out.includes('\n') && /^https?:\/\//.test(out)) {
        ms = performance.now() - start;
        child.kill('SIGTERM');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (ms === null) reject(new Error(`paragents serve exited ${code} before printing its URL: ${err || out}`));
      else resolve(ms);
    });
  });
}

async function serve(home: string, data: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await serveOnce(home, data));
  return median(times);
}

const empty = dataFolder('empty', 0);
const full = dataFolder('full', SESSIONS);
// One throwaway start each: the first opening of a data folder creates or migrates its database.
await serveOnce(empty.home, empty.data);
await serveOnce(full.home, full.data);

const node = bareNode();
const rows: [string, number][] = [
  ['node -e 0', node],
  ['paragents serve (empty data folder)', await serve(empty.home, empty.data)],
  [`paragents serve (${SESSIONS} sessions)`, await serve(full.home, full.data)],
];
let met = true;
for (const [label, ms] of rows) {
  const ratio = ms / node;
  const verdict = label === 'node -e 0' ? '' : `target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'not met'}`;
  if (label !== 'node -e 0' && ratio > TARGET_RATIO) met = false;
  console.log(`${label.padEnd(40)} ${ms.toFixed(0).padStart(5)} ms  ${ratio.toFixed(1).padStart(5)}x  ${verdict}`);
}
console.log(met ? 'serve start: target met' : 'serve start: target not met');
rmSync(dir, { recursive: true, force: true });
