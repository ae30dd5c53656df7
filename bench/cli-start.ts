// Start-up cost of the command line: `node bin/run-ts.js bench/cli-start.ts`. Prints the median wall time and
// peak memory of `paragents --help`, `paragents completion bash` and `paragents sessions list` on a data folder
// of 300 sessions (built through the store's own API), each run as a new process like a person would.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs')], { stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'paragents-cli-bench-'));
const home = join(dir, 'home');
const workspace = join(dir, 'ws');
// Peak resident memory of the measured process itself, read as it exits.
const probe = join(dir, 'rss-at-exit.cjs');
writeFileSync(probe, "process.on('exit', () => process.stderr.write(`\\nmaxrss=${process.resourceUsage().maxRSS}\\n`));\n");

// Prompts are queued through the prompt lifecycle, the one writer of prompt rows.
const t = openTestStore(join(home, DATABASE_FILE));
const { store } = t;
for (let i = 0; i < SESSIONS; i++) {
  const s = store.sessions.create({ workspace, name: `s${i}`, mode: 'default' });
  const p = promptAt(t, s.id, `prompt ${i}`);
  store.transcript.append(s.id, p.id, { role: 'user', content: `prompt ${i}` });
  store.transcript.append(s.id, p.id, { role: 'assistant', content: `answer ${i} `.repeat(50) });
}
store.close();

function measure(args: string[]): { ms: number; mib: number } {
  const times: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, ['--require', probe, bin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, PARAGENTS_HOME: home },
      encoding: 'utf8',
    });
    times.push(performance.now() - start);
    if (r.status !== 0) throw new Error(`paragents ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    const kb = Number(/maxrss=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
    rss.push(kb / 1024);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { ms: median(times), mib: median(rss) };
}

const rows: [string, string[], string][] = [
  ['paragents --help', ['--help'], 'target ≤ 150 ms, ≤ 60 MB'],
  ['paragents completion bash', ['completion', 'bash'], ''],
  [`paragents sessions list (${SESSIONS} sessions)`, ['sessions', 'list'], 'target ≤ 250 ms'],
];
for (const [label, args, target] of rows) {
  const { ms, mib } = measure(args);
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(5)} ms  ${mib.toFixed(0).padStart(4)} MiB peak  ${target}`);
}
rmSync(dir, { recursive: true, force: true });
