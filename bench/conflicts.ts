// Cost of the runtime conflict check (CallGate.beforeCall + afterCall) with many sessions holding many write
// leases: `node bin/run-ts.js bench/conflicts.ts`. Prints microseconds per call for 10 and 100 sessions
// sharing 10,000 leases; the check is map lookups per touched path, so it should not grow with either. The
// workspace is real: its folders exist and so does every leased file (a Read hashes the file it reads).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openTestStore, promptAt } from '../tests/helpers/prompt-moves';
import { ConflictStore } from '../main/core/conflicts/conflict-store';
import { StampBook } from '../main/core/conflicts/stamp-book';
import { SlotLease, Slots } from '../main/core/kernel/slots';
import { createConflictGate } from '../main/core/conflicts/gate';
import { createConflictContext } from '../main/core/conflicts';
import { createCallPreparer } from '../main/core/policy/prepare';
import { readTool, writeTool } from '../main/core/tools';
import { createShellAnalyzer } from '../main/core/policy/shell/analyze';
import type { ToolDefinition } from '../main/core/tools/types';

const LEASES = 10_000;
const CALLS = 4_000;
const WARMUP = 500;

interface Figures {
  sessions: number;
  leases: number;
  writeUs: number;
  writeP99Us: number;
  readUs: number;
  lookupNs: number;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
}

async function measure(sessions: number): Promise<Figures> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'paragents-bench-')));
  const ws = join(dir, 'ws');
  const t = openTestStore(join(dir, 'bench.db'));
  const { store, db } = t;
  try {
    writeFileSync(join(dir, 'placeholder'), '');
    const { bus } = t;
    const ctx = createConflictContext({
      store,
      bus,
      prompts: t.prompts,
      auto: 'block',
      kick: () => undefined,
      abort: () => false,
      ended: () => false,
      exclusivePatterns: () => [],
      cstore: new ConflictStore(db),
      // The check alone: read stamps kept in memory, out of SQLite.
      stamps: new StampBook(),
      host: { home: dir, env: { HOME: dir } },
    });
    const gate = createConflictGate(ctx);

    // `sessions` active sessions, each with a running prompt, sharing LEASES leased files.
    const holders = Array.from({ length: sessions }, (_, i) => {
      const s = store.sessions.create({ workspace: ws, name: `s${i}`, mode: 'default' });
      return { sessionId: s.id, promptId: promptAt(t, s.id, 'work').id };
    });
    for (let d = 0; d < 97; d++) mkdirSync(join(ws, `src/${d}`), { recursive: true });
    for (let j = 0; j < LEASES; j++) {
      const file = join(ws, `src/${j % 97}/file-${j}.ts`);
      writeFileSync(file, `export const value${j} = ${j};\n`);
      ctx.leases.grant(file, holders[j % sessions] as (typeof holders)[number]);
    }
    const me = store.sessions.create({ workspace: ws, name: 'me', mode: 'default' });
    const mine = promptAt(t, me.id, 'mine');
    const signal = new AbortController().signal;
    const base = { sessionId: me.id, promptId: mine.id, callId: 'call_1', signal, lease: new SlotLease(new Slots(1)) };
    const preparer = createCallPreparer({ home: dir, shell: createShellAnalyzer() });

    const call = async (tool: ToolDefinition, input: unknown): Promise<number> => {
      const t0 = performance.now();
      const prepared = await preparer.prepare(tool, input, ws);
      const r = await gate.beforeCall({ ...base, prepared }, null);
      if (!r.proceed) throw new Error(r.error);
      await gate.afterCall?.({ ...base, prepared, ok: true });
      return (performance.now() - t0) * 1000;
    };

    const writes: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < WARMUP + CALLS; i++) {
      // A new file next to leased ones (the usual case: no conflict, nothing on disk yet).
      const w = await call(writeTool as ToolDefinition, { path: `src/${i % 97}/mine-${i}.ts`, content: 'x' });
      const r = await call(readTool as ToolDefinition, { path: `src/${i % 97}/file-${i}.ts` });
      if (i >= WARMUP) {
        writes.push(w);
        reads.push(r);
      }
    }
    // The lease lookup itself, without the file system.
    const probe = Array.from({ length: 1000 }, (_, j) => join(ws, `src/${j % 97}/file-${j * 7}.ts`));
    const t0 = performance.now();
    let hits = 0;
    for (let k = 0; k < 200; k++) for (const p of probe) if (ctx.leases.foreign(p, me.id)) hits++;
    const lookupNs = ((performance.now() - t0) * 1e6) / (200 * probe.length);
    if (hits === 0) throw new Error('lease lookups found nothing');

    return {
      sessions,
      leases: ctx.leases.size,
      writeUs: writes.reduce((a, b) => a + b, 0) / writes.length,
      writeP99Us: percentile(writes, 0.99),
      readUs: reads.reduce((a, b) => a + b, 0) / reads.length,
      lookupNs,
    };
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: Figures[] = [];
for (const n of [10, 100, 10, 100]) rows.push(await measure(n));
const best = (n: number): Figures => {
  const mine = rows.filter((r) => r.sessions === n);
  return mine.reduce((a, b) => (b.writeUs < a.writeUs ? b : a));
};
console.log('runtime conflict check (beforeCall + afterCall), 10,000 leases, best of 2 rounds');
console.log('sessions  leases  Write µs/call  Write p99 µs  Read µs/call  lease lookup ns');
for (const n of [10, 100]) {
  const r = best(n);
  console.log(
    `${String(r.sessions).padStart(8)}  ${String(r.leases).padStart(6)}  ${r.writeUs.toFixed(1).padStart(13)}  ${r.writeP99Us.toFixed(1).padStart(12)}  ${r.readUs.toFixed(1).padStart(12)}  ${r.lookupNs.toFixed(0).padStart(15)}`,
  );
}
const ratio = best(100).writeUs / best(10).writeUs;
console.log(`100 vs 10 sessions: ×${ratio.toFixed(2)} per Write check (1.00 = no growth); target <= 50 µs per check, flat in sessions`);
