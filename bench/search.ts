// Search: full-text queries over 500 sessions × 2,000 stored messages (the scale bench's data folder, written
// through the store's own API with tool outputs of 2–20 KB; built once and cached under the temp folder).
// The database is copied and put back to the schema before the search index, so the first open runs migration
// 013 as a person's first start after upgrading does: it indexes the whole history (timed). Then each query of a
// set (a common word, rare words, prefixes as typed in the palette, two words, one session's history) runs
// `search.query`'s code path in the store, and the median and p95 per kind and overall are printed beside the
// 100 ms target. Asserts nothing.
// Run: node bin/run-ts.js bench/search.ts [--root DIR] [--sessions 500] [--messages 2000] [--runs 15]
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE } from '../main/core/engine';
import { m013Search } from '../main/core/store/migrations/013-search';
import { openStore, Store } from '../main/core/store/store';
import { ensureScaleData, firstMarker, lastMarker, sessionName } from './lib/scale-data';
import { percentile } from './lib/stats';

/** The scale bench's DATA_VERSION (bench/scale.ts): its cached folder is reused as it is. */
const SCALE_DATA_VERSION = 'v1';
/** Bump when the way the copy is prepared changes. */
const COPY_VERSION = 'v2';
const TARGET_MS = 100;

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: tmpdir() },
    sessions: { type: 'string', default: '500' },
    messages: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '15' },
  },
});
const SESSIONS = Number(values.sessions);
const RUNS = Number(values.runs);
const shape = { sessions: SESSIONS, messagesPerSession: Number(values.messages), checkpoints: [SESSIONS] };

console.log(`search bench: ${SESSIONS} sessions × ${shape.messagesPerSession} stored messages`);
const folders = ensureScaleData(values.root, SCALE_DATA_VERSION, shape, (line) => console.log(line));

// ---- the copy, indexed by the migration ----
const dir = join(values.root, `paragents-search-${COPY_VERSION}-${SESSIONS}x${shape.messagesPerSession}`);
const file = join(dir, DATABASE_FILE);
const done = join(dir, 'indexed.json');
if (!existsSync(done)) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`  copying the data folder's database (${(statSync(join(folders.home, DATABASE_FILE)).size / 2 ** 30).toFixed(1)} GB)…`);
  // SQLite's online backup: a consistent copy even while an engine has the folder open.
  const source = new Database(join(folders.home, DATABASE_FILE), { readonly: true, fileMustExist: true });
  await source.backup(file);
  source.close();
  // A folder opened by newer code may already have the (then empty) index: back to the schema before it.
  const raw = new Database(file);
  raw.exec('DROP TABLE IF EXISTS search_text; DROP TABLE IF EXISTS search_terms; DROP INDEX IF EXISTS tool_calls_by_call;');
  raw.pragma(`user_version = ${Math.min(raw.pragma('user_version', { simple: true }) as number, m013Search.version - 1)}`);
  raw.close();
  const before = statSync(file).size;
  console.log('  indexing the history (migration 013 on first open)…');
  const started = performance.now();
  new Store(file).close(); // closing checkpoints the WAL into the database file
  const seconds = (performance.now() - started) / 1000;
  writeFileSync(done, JSON.stringify({ seconds, before, after: statSync(file).size }));
}
const indexed = JSON.parse(readFileSync(done, 'utf8')) as { seconds: number; before: number; after: number };
const { store, db } = openStore(file);
const entries = (db.prepare('SELECT COUNT(*) AS n FROM search_text_docsize').get() as { n: number }).n;
const words = (db.prepare('SELECT COUNT(*) AS n FROM search_terms').get() as { n: number }).n;
console.log(
  `  index          ${entries.toLocaleString('en')} entries, ${words.toLocaleString('en')} words, built in ${indexed.seconds.toFixed(0)} s; database ${gb(indexed.before)} → ${gb(indexed.after)} GB` +
    ` (+${(((indexed.after - indexed.before) / indexed.before) * 100).toFixed(0)} %)`,
);

// ---- queries ----
const middle = Math.floor(SESSIONS / 2);
const someSession = (db.prepare('SELECT id FROM sessions WHERE name = ?').get(sessionName(middle)) as { id: string }).id;
interface Query {
  kind: string;
  text: string;
  sessionId?: string;
}
const queries: Query[] = [
  // In nearly every tool output (the data's outputs are cut from source-like lines of 16 words).
  { kind: 'common word', text: 'session' },
  { kind: 'common word', text: 'render' },
  // In one prompt of six (the tasks' words).
  { kind: 'common word', text: 'parallel' },
  // Once in the whole history: the last answer of one session, the first prompt of another.
  { kind: 'rare word', text: lastMarker(middle) },
  { kind: 'rare word', text: firstMarker(middle + 1) },
  // The last word as it is being typed.
  { kind: 'prefix', text: 'se' },
  { kind: 'prefix', text: 'sess' },
  { kind: 'prefix', text: 'paral' },
  { kind: 'two words', text: 'store render' },
  { kind: 'two words', text: 'failing test' },
  { kind: 'one session', text: 'session', sessionId: someSession },
];

const times = new Map<string, number[]>();
const all: number[] = [];
const found = new Map<Query, number>();
for (let run = 0; run < RUNS; run++) {
  for (const q of queries) {
    const started = performance.now();
    const hits = store.search.search({ text: q.text, sessionId: q.sessionId });
    const took = performance.now() - started;
    found.set(q, hits.length);
    if (run === 0) continue; // the first run warms the page cache and the prepared statements
    times.set(q.kind, [...(times.get(q.kind) ?? []), took]);
    all.push(took);
  }
}
store.close();

console.log(`  queries        ${queries.length} queries × ${RUNS - 1} runs (after one warm-up run), 20 hits each at most`);
for (const q of queries) console.log(`    ${q.kind.padEnd(12)} ${JSON.stringify(q.text).padEnd(26)} ${String(found.get(q)).padStart(3)} hits${q.sessionId ? ' (one session)' : ''}`);
for (const [kind, list] of times) console.log(`  ${kind.padEnd(14)} ${figures(list)}`);
console.log(`  all queries    ${figures(all)}   target ≤ ${TARGET_MS} ms per query: ${percentile(all, 95) <= TARGET_MS ? 'met' : 'NOT met'}`);

function figures(list: readonly number[]): string {
  return `median ${percentile(list, 50).toFixed(1)} ms · p95 ${percentile(list, 95).toFixed(1)} ms`;
}

function gb(bytes: number): string {
  return (bytes / 2 ** 30).toFixed(2);
}
