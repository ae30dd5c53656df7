// Children of Agent calls, measured in one run on this machine:
// 1. spawn → first model request of a worktree child in a 5,000-file repository (children started one at a time),
//    beside a bare `git worktree add` of the same repository (target: within 1.5x);
// 2. engine memory per running child (20 children held at a model gate at once; target <= 5 MB each);
// 3. the share of integrations that needed a hand-back to the child on an overlapping workload (6 children, two of
//    which edit the same line): what the integration queue sends back instead of merging blindly.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '../main/core/engine';
import { startModelServer, type Script } from '../tests/fixtures/model-server';
import { makeHome } from '../tests/helpers/temp';
import { ms, percentile } from './lib/stats';

const FILES = 5000;
const CHILDREN = 8;
const HELD = 20;

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();

function repo(files: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-agents-'));
  git(dir, 'init', '-q', '-b', 'main');
  for (let i = 0; i < files; i++) {
    const sub = join(dir, `src/m${i % 50}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `f${i}.ts`), `export const v${i} = ${i};\n`);
  }
  writeFileSync(join(dir, 'shared.txt'), 'one\ntwo\nthree\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'start');
  return dir;
}

const agent = (name: string) => ({ name: 'Agent', arguments: { description: `task ${name}`, prompt: `child task ${name}`, name } });

async function withEngine<T>(script: Script, config: Record<string, unknown>, fn: (engine: Engine, server: Awaited<ReturnType<typeof startModelServer>>) => Promise<T>): Promise<T> {
  const server = await startModelServer({ script });
  const engine = await createEngine({ home: makeHome(server.url, config), approvals: 'all', env: { PATH: process.env.PATH } });
  try {
    return await fn(engine, server);
  } finally {
    await engine.close({ force: true });
    await server.close();
  }
}

const settledOf = (engine: Engine, promptId: string): Promise<void> =>
  new Promise((resolve) => {
    const off = engine.onEvent((e) => {
      if (e.type === 'prompt_status' && e.promptId === promptId && ['completed', 'failed', 'cancelled'].includes(e.status)) {
        off();
        resolve();
      }
    });
  });

// 1. Spawn latency against a bare `git worktree add`.
const big = repo(FILES);
const names = Array.from({ length: CHILDREN }, (_, i) => `k${i}`);
const spawnMs = await withEngine(
  {
    rules: [
      { when: 'fan out', steps: [{ toolCalls: names.map(agent) }, { content: 'done' }] },
      { when: 'child task', steps: [{ content: 'ok', gate: 'first' }] },
    ],
  },
  { agents: { maxChildren: 1 } },
  async (engine, server) => {
    server.openGate('first');
    const admitted = new Map<string, number>();
    engine.onEvent((e) => {
      if (e.type === 'agent_child' && e.childSummary.state === 'running' && !admitted.has(e.childSummary.sessionId)) admitted.set(e.childSummary.sessionId, performance.now());
    });
    const arrived: number[] = [];
    const reached = names.map((_, i) => server.reached('first', i + 1).then(() => (arrived[i] = performance.now())));
    const parent = await engine.handlers['session.create']({ workspace: big });
    if (!parent.ok) throw new Error(parent.error.message);
    const p = await engine.handlers['prompt.send']({ session: parent.value.id, text: 'fan out' });
    if (!p.ok) throw new Error(p.error.message);
    await settledOf(engine, p.value.id);
    await Promise.all(reached);
    const starts = [...admitted.values()].sort((a, b) => a - b);
    return starts.map((t, i) => (arrived[i] ?? t) - t);
  },
);
const bare: number[] = [];
for (let i = 0; i < CHILDREN; i++) {
  const target = join(tmpdir(), `paragents-bench-wt-${process.pid}-${i}`);
  const t0 = performance.now();
  git(big, 'worktree', 'add', '--quiet', '-b', `bench/${i}`, target, 'HEAD');
  bare.push(performance.now() - t0);
  git(big, 'worktree', 'remove', '--force', target);
}
const spawnP50 = percentile(spawnMs, 50);
const bareP50 = percentile(bare, 50);
const ratio = spawnP50 / bareP50;
console.log(`machine: ${cpus()[0]?.model ?? '?'} × ${cpus().length}`);
console.log(`worktree child, spawn → first model request (${FILES} files): median ${ms(spawnP50)} · p95 ${ms(percentile(spawnMs, 95))}`);
console.log(`bare git worktree add (same repository):      median ${ms(bareP50)} · p95 ${ms(percentile(bare, 95))}`);
console.log(`ratio ${ratio.toFixed(2)}x (target <= 1.5x): ${ratio <= 1.5 ? 'met' : 'not met'}`);

// 2. Memory per running child (shared children: the engine's own cost, no git).
const plain = mkdtempSync(join(tmpdir(), 'paragents-bench-agents-mem-'));
const perChild = await withEngine(
  {
    rules: [
      { when: 'fan out', steps: [{ toolCalls: Array.from({ length: HELD }, (_, i) => agent(`m${i}`)) }, { content: 'done' }] },
      { when: 'child task', steps: [{ content: 'ok', gate: 'hold' }] },
    ],
  },
  { agents: { maxChildren: HELD }, concurrency: HELD + 1 },
  async (engine, server) => {
    // A warm-up turn so what the first turn loads is not counted.
    const warm = await engine.handlers['session.create']({ workspace: plain });
    if (!warm.ok) throw new Error(warm.error.message);
    const w = await engine.handlers['prompt.send']({ session: warm.value.id, text: 'hello' });
    if (w.ok) await settledOf(engine, w.value.id);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const parent = await engine.handlers['session.create']({ workspace: plain });
    if (!parent.ok) throw new Error(parent.error.message);
    const p = await engine.handlers['prompt.send']({ session: parent.value.id, text: 'fan out' });
    if (!p.ok) throw new Error(p.error.message);
    await server.reached('hold', HELD);
    global.gc?.();
    const during = process.memoryUsage().rss;
    server.openGate('hold');
    await settledOf(engine, p.value.id);
    return (during - before) / HELD / (1024 * 1024);
  },
);
console.log(`engine memory per running child (${HELD} at once): ${perChild.toFixed(2)} MB (target <= 5 MB): ${perChild <= 5 ? 'met' : 'not met'}`);

// 3. Hand-backs on an overlapping workload.
const small = repo(10);
const workload = ['w0', 'w1', 'w2', 'w3', 'x0', 'x1'];
const share = await withEngine(
  {
    rules: [
      { when: 'fan out', steps: [{ toolCalls: workload.map(agent) }, { content: 'done' }] },
      ...['w0', 'w1', 'w2', 'w3'].map((n) => ({ when: `child task ${n}`, steps: [{ toolCalls: [{ name: 'Write', arguments: { path: `${n}.txt`, content: `${n}\n` } }] }, { content: 'ok' }] })),
      ...['x0', 'x1'].map((n) => ({
        when: `child task ${n}`,
        steps: [
          { toolCalls: [{ name: 'Read', arguments: { path: 'shared.txt' } }] },
          { toolCalls: [{ name: 'Edit', arguments: { path: 'shared.txt', old_string: 'two', new_string: `two by ${n}` } }] },
          { content: 'ok' },
        ],
      })),
      { when: 'could not be merged', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'shared.txt', content: 'one\ntwo by x0 and x1\nthree\n' } }] }, { content: 'resolved' }] },
    ],
  },
  {},
  async (engine) => {
    let conflicts = 0;
    let merged = 0;
    engine.onEvent((e) => {
      if (e.type === 'integration_conflict') conflicts += 1;
      if (e.type === 'integration_merged') merged += 1;
    });
    const parent = await engine.handlers['session.create']({ workspace: small });
    if (!parent.ok) throw new Error(parent.error.message);
    const p = await engine.handlers['prompt.send']({ session: parent.value.id, text: 'fan out' });
    if (!p.ok) throw new Error(p.error.message);
    await settledOf(engine, p.value.id);
    return { conflicts, merged };
  },
);
console.log(
  `integrations handed back to the child (6 children, 2 editing one line): ${share.conflicts} of ${share.merged} merged (${((100 * share.conflicts) / Math.max(1, share.merged)).toFixed(0)} %), every child's change in the parent at the end`,
);
for (const d of [big, plain, small]) rmSync(d, { recursive: true, force: true });
