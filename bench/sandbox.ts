// The OS sandbox's cost per Bash call: a trivial command (`true`) run plainly with bash, run confined by the
// sandbox runtime with one session's lists (wrap + run), and a bare bubblewrap sandbox doing the same, all in this
// run. Target: the latency the sandbox adds stays within 2x of what a bare bwrap costs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandSandbox } from '../main/core/sandbox/runtime';
import { probeSandbox } from '../main/core/sandbox/availability';
import { sessionSandboxPolicy } from '../main/core/policy/sandbox-policy';
import { mergeSandboxSettings } from '../main/core/policy/settings/sandbox-settings';
import { ms, percentile } from './lib/stats';

const RUNS = 40;
const available = probeSandbox(process.env);
if (!available.available) {
  console.log(`sandbox latency: not measured (${available.missing.join(', ')} missing)`);
  process.exit(0);
}
const ws = mkdtempSync(join(tmpdir(), 'paragents-bench-sandbox-'));
const home = mkdtempSync(join(tmpdir(), 'paragents-bench-home-'));
const policy = sessionSandboxPolicy({
  settings: mergeSandboxSettings([], { workspace: ws, home, trusted: true }),
  workspace: ws,
  writeDirs: [ws],
  home,
  tmpdir: join(ws, '.tmp'),
  otherFolders: [],
  rules: [],
});
const sandbox = createCommandSandbox(() => available);

const time = (fn: () => void): number => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};
const plain: number[] = [];
const bare: number[] = [];
const confined: number[] = [];
// One warm-up of each, not counted: the first wrap starts the proxies.
await sandbox.wrap('true', policy, { cwd: ws, env: process.env }).then((w) => w.release());
for (let i = 0; i < RUNS; i++) {
  plain.push(time(() => spawnSync('bash', ['-c', 'true'], { cwd: ws })));
  bare.push(time(() => spawnSync('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', 'true'], { cwd: ws })));
  const t0 = performance.now();
  const w = await sandbox.wrap('true', policy, { cwd: ws, env: process.env });
  spawnSync(w.argv[0] as string, w.argv.slice(1), { cwd: ws, env: w.env as NodeJS.ProcessEnv });
  w.release();
  confined.push(performance.now() - t0);
}
await sandbox.close();
rmSync(ws, { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });

const p50 = (xs: number[]): number => percentile(xs, 50);
const p95 = (xs: number[]): number => percentile(xs, 95);
const added = p50(confined) - p50(plain);
const bareAdded = p50(bare);
console.log(`bash -c true:            median ${ms(p50(plain))} · p95 ${ms(p95(plain))}`);
console.log(`sandboxed (wrap + run):  median ${ms(p50(confined))} · p95 ${ms(p95(confined))}`);
console.log(`bare bwrap … true:       median ${ms(p50(bare))} · p95 ${ms(p95(bare))}`);
const ratio = added / bareAdded;
console.log(`added by the sandbox: ${ms(added)} = ${ratio.toFixed(1)}x a bare bwrap (target within 2x): ${ratio <= 2 ? 'met' : 'not met'}`);
