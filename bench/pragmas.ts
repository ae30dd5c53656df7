// SQLite settings measured, not guessed: the engine's write pattern of one model step (an assistant message and
// its events, a prompt status and its event, in one transaction through the real Store and EventBus) under each
// candidate setting. Prints CPU and wall time per transaction and the slowest ones (a checkpoint's fsync shows
// there). Run: npm run bench -- pragmas (or node bin/run-ts.js bench/pragmas.ts [--tx 3000] [--rounds 3]).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openTestStore, promptAt } from '../tests/helpers/prompt-moves';
import { percentile } from './lib/stats';

const { values } = parseArgs({ options: { tx: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' } } });
const TX = Number(values.tx);
const ROUNDS = Number(values.rounds);

interface Figures {
  cpuUs: number;
  wallUs: number;
  p99Ms: number;
  maxMs: number;
}

function measure(pragmas: readonly string[]): Figures {
  const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-pragmas-'));
  const t = openTestStore(join(dir, 'bench.db'));
  const { store, db } = t;
  try {
    for (const p of pragmas) db.pragma(p);
    const { bus } = t;
    const s = store.sessions.create({ workspace: '/w', name: 'bench', mode: 'default' });
    const prompts = Array.from({ length: 50 }, (_, i) => promptAt(t, s.id, `prompt ${i}`, 'running'));
    const walls: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < TX; i++) {
      const p = prompts[i % prompts.length] as (typeof prompts)[number];
      const w0 = performance.now();
      bus.batch(() => {
        store.transcript.append(s.id, p.id, {
          role: 'assistant',
          content: `answer number ${i}: the notes were read`,
          tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'Read', arguments: '{"path":"notes.txt"}' } }],
        });
        bus.emit({ type: 'assistant_message', sessionId: s.id, promptId: p.id, content: `answer number ${i}: the notes were read`, toolCalls: [{ id: `call_${i}`, name: 'Read' }] });
        // A row update and its event, as a step's status or meter change writes them (the prompts stay running:
        // their status is written only by the lifecycle, through legal moves).
        store.sessions.setContextMeter(s.id, i, 128_000);
        bus.emit({ type: 'prompt_status', sessionId: s.id, promptId: p.id, status: 'running' });
      });
      walls.push(performance.now() - w0);
    }
    const cpu = process.cpuUsage(cpu0);
    return { cpuUs: (cpu.user + cpu.system) / TX, wallUs: ((performance.now() - t0) * 1000) / TX, p99Ms: percentile(walls, 99), maxMs: Math.max(...walls) };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The engine's own settings (main/core/store/db.ts: WAL, synchronous=NORMAL) and one change at a time.
const candidates: Array<[string, string[]]> = [
  ['engine settings (WAL, synchronous=NORMAL)', []],
  ['+ wal_autocheckpoint=4000 pages', ['wal_autocheckpoint = 4000']],
  ['+ cache_size=16 MB', ['cache_size = -16000']],
  ['+ mmap_size=256 MB', ['mmap_size = 268435456']],
  ['+ temp_store=MEMORY', ['temp_store = MEMORY']],
  ['synchronous=FULL instead', ['synchronous = FULL']],
];
const runs = new Map<string, Figures[]>();
for (let r = 0; r < ROUNDS; r++) for (const [label, pragmas] of candidates) runs.set(label, [...(runs.get(label) ?? []), measure(pragmas)]);
const median = (xs: number[]): number => percentile(xs, 50);
console.log(`SQLite settings: one step's transaction (message + 2 events + prompt status) x ${TX}, median of ${ROUNDS} rounds`);
console.log(`${'setting'.padEnd(44)}  CPU µs/tx  wall µs/tx  p99 ms  max ms`);
for (const [label, figures] of runs) {
  const f = (k: keyof Figures, digits: number, width: number): string => median(figures.map((x) => x[k])).toFixed(digits).padStart(width);
  console.log(`${label.padEnd(44)}  ${f('cpuUs', 0, 9)}  ${f('wallUs', 0, 10)}  ${f('p99Ms', 2, 6)}  ${f('maxMs', 1, 6)}`);
}
