// Planning `run --parallel` on a data folder of 10,000 sessions: every name is looked up through an index, so
// the work per entry does not grow with the sessions stored. Measured by what SQLite is asked, not by a clock:
// every statement the engine runs while planning is recorded (better-sqlite3's Statement methods, wrapped for
// the test), with the rows it returned and its query plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createEngine, DATABASE_FILE, type Engine } from '../../main/core/engine';
import { Store } from '../../main/core/store/store';
import { planJobs, type Job } from '../../main/cli/run-plan';
import { translator } from '../../shared/i18n';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';

const STORED = 10_000;
const t = translator('en');

interface Run {
  sql: string;
  params: unknown[];
  rows: number;
}

type Method = 'get' | 'all' | 'run' | 'iterate';

/** Records every statement run on any connection of this process until `stop` is called. */
function recordStatements(): { runs: Run[]; stop(): void } {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<Method, (...args: unknown[]) => unknown>;
  probe.close();
  const runs: Run[] = [];
  const originals = new Map<Method, (...args: unknown[]) => unknown>();
  for (const method of ['get', 'all', 'run', 'iterate'] as const) {
    const original = proto[method];
    originals.set(method, original);
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const out = original.apply(this, args);
      const rows = method === 'all' ? (out as unknown[]).length : method === 'get' ? (out === undefined ? 0 : 1) : 0;
      runs.push({ sql: this.source, params: args, rows });
      return out;
    };
  }
  return {
    runs,
    stop() {
      for (const [method, original] of originals) proto[method] = original;
    },
  };
}

/** A data folder of `count` sessions, written through the store in one transaction (real migrations, real schema). */
function dataFolder(count: number, workspace: string): string {
  const home = makeHome('http://127.0.0.1:9/v1');
  const store = new Store(join(home, DATABASE_FILE));
  store.tx(() => {
    for (let i = 0; i < count; i++) store.sessions.create({ workspace, name: `stored-${i}`, mode: null });
  });
  store.close();
  return home;
}

function jobs(workspace: string, newNames: number): Job[] {
  const list: Job[] = [];
  // Half the names are hex, as ids and refs are, so that their prefix lookups run too (nine characters: longer
  // than a ref, and an id has a dash there, so none of them matches a stored session).
  for (let i = 0; i < newNames; i++) list.push({ name: i % 2 ? `f${i.toString(16).padStart(8, '0')}` : `new-${i}`, workspace, prompt: 'hello' });
  // Names already stored are planned too (sent to, not created).
  list.push({ name: 'stored-7', workspace, prompt: 'hello' }, { name: 'stored-4242', workspace, prompt: 'hello' });
  return list;
}

async function plan(engine: Engine, list: Job[]): Promise<{ runs: Run[]; problems: string[]; existing: number }> {
  const recording = recordStatements();
  try {
    const { plans, problems } = await planJobs(t, engine.handlers, list, false, (i) => `jobs.json: sessions[${i}]`);
    return { runs: recording.runs, problems, existing: plans.filter((p) => p.existing).length };
  } finally {
    recording.stop();
  }
}

let workspace: string;
let full: { home: string; engine: Engine };
let empty: { home: string; engine: Engine };

beforeAll(async () => {
  workspace = tempDir();
  const fullHome = dataFolder(STORED, workspace);
  const emptyHome = dataFolder(0, workspace);
  full = { home: fullHome, engine: await createEngine({ home: fullHome, env: {}, recover: false }) };
  empty = { home: emptyHome, engine: await createEngine({ home: emptyHome, env: {}, recover: false }) };
}, 120_000);
afterAll(async () => {
  await full.engine.close();
  await empty.engine.close();
  cleanupTempDirs();
});

describe('run --parallel planning uses indexed lookups', () => {
  it('reads O(entries) rows and runs O(entries) statements on 10,000 stored sessions', async () => {
    const list = jobs(workspace, 100);
    const r = await plan(full.engine, list);
    expect(r.problems).toEqual([]);
    expect(r.existing).toBe(2);
    // Each entry is a handful of lookups, each returning a row or none: never the list of stored sessions.
    expect(r.runs.length).toBeLessThanOrEqual(list.length * 12);
    const rows = r.runs.reduce((n, run) => n + run.rows, 0);
    expect(rows).toBeLessThanOrEqual(list.length * 12);
    expect(Math.max(...r.runs.map((run) => run.rows))).toBeLessThan(50);
  });

  it('asks SQLite the same on 10,000 sessions as on an empty folder, for 100 and for 1,000 new names', async () => {
    for (const n of [100, 1000]) {
      // The two stored names are absent from the empty folder: compare only the new names there.
      const list = jobs(workspace, n).slice(0, n);
      const onFull = await plan(full.engine, list);
      const onEmpty = await plan(empty.engine, list);
      expect(onFull.runs.length).toBe(onEmpty.runs.length);
      expect(onFull.runs.reduce((k, run) => k + run.rows, 0)).toBe(onEmpty.runs.reduce((k, run) => k + run.rows, 0));
    }
  });

  it('a short prefix names its matches with their full count, reading only the few it shows', async () => {
    const db = new Database(join(full.home, DATABASE_FILE), { readonly: true });
    const expected = (db.prepare(`SELECT COUNT(*) AS n FROM sessions WHERE id LIKE 'a%'`).get() as { n: number }).n;
    db.close();
    const recording = recordStatements();
    const got = await full.engine.handlers['session.get']({ session: 'A' });
    recording.stop();
    expect(got.ok).toBe(false);
    if (got.ok) return;
    // Ids come first in the order of resolution, so the ambiguity is among the ids starting with "a".
    expect(got.error.kind).toBe('ambiguous');
    expect(got.error.message).toMatch(/^ambiguous session "A": matches \d+ \((\w{6}, ){7}\w{6}\)$/);
    expect(got.error.message).toContain(`matches ${expected} (`);
    expect(expected).toBeGreaterThan(8);
    expect(Math.max(...recording.runs.map((run) => run.rows))).toBeLessThanOrEqual(8);
  });

  it('every statement planning runs on sessions is a search through an index, never a scan', async () => {
    const r = await plan(full.engine, jobs(workspace, 20));
    const db = new Database(join(full.home, DATABASE_FILE), { readonly: true });
    try {
      const seen = new Map<string, unknown[]>();
      for (const run of r.runs) if (!seen.has(run.sql)) seen.set(run.sql, run.params);
      // The prefix lookups of the hex names ran, and are checked below with the exact ones.
      expect([...seen.keys()].some((sql) => /FROM sessions WHERE id >= \?/.test(sql))).toBe(true);
      for (const [sql, params] of seen) {
        const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
        const details = steps.map((s) => s.detail);
        for (const detail of details) expect(detail, `${sql}\n${details.join('\n')}`).not.toMatch(/^SCAN (sessions|prompts)\b/);
      }
    } finally {
      db.close();
    }
  });
});
