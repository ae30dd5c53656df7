// Database size for large tool inputs: a Write of a 20 MB file through the engine (approved, forked, and the same
// file written again by another session), against the scripted server. Prints the payload, the database file
// and its WAL while the engine runs, the database after a checkpoint, and the ratio to the payload.
// Run: npm run bench (or node bin/run-ts.js bench/storage.ts [--mb N]).
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, DATABASE_FILE } from '../main/core/engine';
import { spawnModelServer } from './spawn-model-server';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '20' } } });
const SIZE = Number(values.mb) * 1024 * 1024;

/** Lines of random hex words: text that no compression would shrink much, as a generated file is. */
function randomText(chars: number): string {
  return randomBytes(Math.ceil(chars / 2)).toString('hex').slice(0, chars).replace(/(.{9})./g, '$1 ').replace(/(.{79})./g, '$1\n');
}

const content = randomText(SIZE);
const payload = Buffer.byteLength(content);
const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-'));
const server = await spawnModelServer(
  {
    // Whole megabytes per chunk: streaming is not what is measured here.
    chunkSize: 1 << 20,
    rules: [{ when: 'write it', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'big.txt', content } }] }, { content: 'written' }] }],
  },
  dir,
);
const home = join(dir, 'home');
mkdirSync(home, { recursive: true });
writeFileSync(join(home, 'config.json'), JSON.stringify({ providers: [{ name: 'bench', baseURL: server.url, model: 'bench', apiKey: 'k' }], maxRetries: 0 }));
const file = join(home, DATABASE_FILE);
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
const size = (f: string): number => (existsSync(f) ? statSync(f).size : 0);

const engine = await createEngine({ home, env: {}, approvals: 'all' });
async function writeOnce(name: string): Promise<string> {
  const ws = join(dir, name);
  mkdirSync(ws);
  const s = await engine.handlers['session.create']({ workspace: ws, name });
  if (!s.ok) throw new Error(s.error.message);
  const done = new Promise<void>((resolve) => {
    const off = engine.onEvent((e) => {
      if (e.type === 'prompt_status' && e.sessionId === s.value.id && ['completed', 'failed', 'cancelled'].includes(e.status)) {
        off();
        resolve();
      }
    });
  });
  const p = await engine.handlers['prompt.send']({ session: s.value.id, text: 'write it' });
  if (!p.ok) throw new Error(p.error.message);
  await done;
  if (statSync(join(ws, 'big.txt'), { throwIfNoEntry: false })?.size !== payload) throw new Error(`the Write of session ${name} did not write the file`);
  return s.value.id;
}

function report(label: string): void {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(length(text)), 0) AS chars FROM payloads').get() as { n: number; chars: number };
  db.close();
  console.log(`${label}: database ${mb(size(file))} + WAL ${mb(size(`${file}-wal`))} while the engine runs; payloads: ${rows.n} row(s), ${mb(rows.chars)}`);
}

const t0 = performance.now();
const first = await writeOnce('first');
console.log(`payload: ${mb(payload)} (${payload} bytes); one Write through the engine in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
report('after one Write');
const fork = await engine.handlers['session.fork']({ session: first, name: 'first-fork' });
if (!fork.ok) throw new Error(fork.error.message);
await writeOnce('second');
report('after a fork and the same Write in another session');
await engine.close();
server.stop();

const db = new Database(file);
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
const final = size(file);
console.log(`database after wal_checkpoint(TRUNCATE): ${mb(final)} (${final} bytes), WAL ${size(`${file}-wal`)} bytes`);
console.log(`ratio database / payload: ${(final / payload).toFixed(3)} (bound 1.3)`);
rmSync(dir, { recursive: true, force: true });
if (final > 1.3 * payload) process.exitCode = 1;
