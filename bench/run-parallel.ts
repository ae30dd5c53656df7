// `run --parallel` planning on a data folder of 10,000 sessions against the same file on an empty folder, for
// files of 100 and 1,000 new names. Two figures each:
//   - planning in-process: the command's own planJobs (main/cli/run-plan.ts) over an engine's handlers;
//   - the real CLI (`node bin/paragents.js run --parallel FILE`, a fresh process each run, hosting its engine):
//     the file's last entry names a workspace folder that does not exist, so the command plans every entry,
//     then refuses and creates nothing, and the folder is the same for the next run. `--checkout DIR` runs
//     another checkout's built CLI instead (an older commit's, to compare).
// The folders are written through the store in one transaction (real migrations). Prints the medians, the ratio
// of the full folder to the empty one and whether it meets the target (at most 2×). Asserts nothing.
// Run: node bin/run-ts.js bench/run-parallel.ts [--sessions 10000] [--runs 5] [--cli-runs 3] [--checkout DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { translator } from '../shared/i18n';
import { createEngine, DATABASE_FILE } from '../main/core/engine';
import { Store } from '../main/core/store/store';
import { planJobs, type Job } from '../main/cli/run-plan';
import { percentile } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_RATIO = 2;

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    'cli-runs': { type: 'string', default: '3' },
    checkout: { type: 'string', default: ROOT },
  },
});
const STORED = Number(values.sessions);
const RUNS = Number(values.runs);
const CLI_RUNS = Number(values['cli-runs']);
const SIZES = [100, 1000];

const scratch = mkdtempSync(join(tmpdir(), 'paragents-bench-run-parallel-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
const workspace = join(scratch, 'workspace');
mkdirSync(workspace);

/** A data folder of `count` sessions, written in one transaction; config.json names a model nobody calls. */
function dataFolder(name: string, count: number): { home: string; builtMs: number } {
  const home = join(scratch, name);
  const started = performance.now();
  const store = new Store(join(home, DATABASE_FILE));
  store.tx(() => {
    for (let i = 0; i < count; i++) store.sessions.create({ workspace, name: `stored-${i}`, mode: null });
  });
  store.close();
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ providers: [{ name: 'none', baseURL: 'http://127.0.0.1:9/v1', model: 'none', apiKey: 'none' }], defaultProvider: 'none' }),
  );
  return { home, builtMs: performance.now() - started };
}

const jobs = (n: number): Job[] => Array.from({ length: n }, (_, i) => ({ name: `new-${i}`, workspace, prompt: 'hello' }));

/** The --parallel file of `n` new names, and one more entry whose workspace is missing. */
function refusedFile(n: number): string {
  const file = join(scratch, `jobs-${n}.json`);
  const sessions = [...jobs(n).map((j) => ({ name: j.name, workspace: j.workspace, prompt: j.prompt })), { name: 'nowhere', workspace: join(scratch, 'missing'), prompt: 'hello' }];
  writeFileSync(file, JSON.stringify({ sessions }));
  return file;
}

async function planningMs(home: string, n: number): Promise<number> {
  const engine = await createEngine({ home, env: {}, recover: false });
  const t = translator('en');
  const list = jobs(n);
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const { problems } = await planJobs(t, engine.handlers, list, false, (i) => `sessions[${i}]`);
      times.push(performance.now() - started);
      if (problems.length > 0) throw new Error(`unexpected problems: ${problems.slice(0, 3).join('; ')}`);
    }
    return percentile(times, 50);
  } finally {
    await engine.close();
  }
}

function cliMs(home: string, file: string): number {
  const times: number[] = [];
  for (let run = 0; run < CLI_RUNS; run++) {
    const started = performance.now();
    const r = spawnSync(process.execPath, [join(values.checkout, 'bin/paragents.js'), 'run', '--parallel', file, '--approve', 'never'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PARAGENTS_HOME: home },
      encoding: 'utf8',
    });
    times.push(performance.now() - started);
    if (r.status !== 2 || !r.stderr.includes('nothing was created')) throw new Error(`the run was not refused as planned (exit ${r.status}): ${r.stderr.slice(0, 400)}`);
  }
  return percentile(times, 50);
}

console.log(`run --parallel bench: ${SIZES.join(' and ')} new names on ${STORED} stored sessions vs an empty folder`);
const full = dataFolder('full', STORED);
const empty = dataFolder('empty', 0);
console.log(`  data folder    ${STORED} sessions written in ${full.builtMs.toFixed(0)} ms`);

const fmt = (n: number): string => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
const verdict = (ratio: number): string => (ratio <= TARGET_RATIO ? 'met' : 'not met');
for (const n of SIZES) {
  const onFull = await planningMs(full.home, n);
  const onEmpty = await planningMs(empty.home, n);
  const ratio = onFull / onEmpty;
  console.log(`  planning ${String(n).padStart(5)} names   ${fmt(onFull).padStart(9)} on ${STORED} · ${fmt(onEmpty).padStart(9)} empty · ×${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}×: ${verdict(ratio)})`);
}
for (const n of SIZES) {
  const file = refusedFile(n);
  const onFull = cliMs(full.home, file);
  const onEmpty = cliMs(empty.home, file);
  const ratio = onFull / onEmpty;
  console.log(`  CLI      ${String(n).padStart(5)} names   ${fmt(onFull).padStart(9)} on ${STORED} · ${fmt(onEmpty).padStart(9)} empty · ×${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}×: ${verdict(ratio)})`);
}
