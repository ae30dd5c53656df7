// One large message: a Write whose content is 1 MB and then 4 MB, its arguments streamed in 4-character pieces as a
// model streams them, through the whole engine (stream, parse, policy, write, store, index, token counts). A cost
// proportional to the message's size gives 4×; the target allows 4.5× and no single block of the event loop over
// 100 ms, printed beside an idle Node process probed over the same span (the machine's own noise).
// Run: npm run bench -- large-call (or node bin/run-ts.js bench/large-call.ts [--rounds N] [--cpu-prof FILE]).
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createEngine } from '../main/core/engine';
import type { Script } from '../tests/fixtures/model-server';
import { startProfiler } from './lib/cpu';
import { spawnIdleProbe } from './lib/idle-probe';
import { ms, percentile } from './lib/stats';
import { TurnDriver } from './lib/turn-driver';
import { spawnModelServer } from './spawn-model-server';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    // Writes a CPU profile of the 4 MB turns to this file.
    'cpu-prof': { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const MB = 1024 * 1024;
const SIZES = [1, 4] as const;

/** Text like a source file (words, numbers, indentation), so the tokenizer sees what it sees in a real Write. */
function sourceText(bytes: number): string {
  const words = ['const', 'value', 'return', 'function', 'session', 'prompt', 'await', 'engine', 'store', 'if', 'else', 'for'];
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `${'  '.repeat(i % 4)}${words[i % words.length]} ${words[(i * 7) % words.length]}_${i} = ${i * 31 % 997}; // ${words[(i * 5) % words.length]}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n').slice(0, bytes);
}

const dir = mkdtempSync(join(tmpdir(), 'paragents-bench-large-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
const contents = new Map(SIZES.map((size) => [size, sourceText(size * MB)]));
const script: Script = {
  chunkSize: 2, // tool-call arguments go in pieces of twice the chunk size: 4 characters
  rules: [
    ...SIZES.map((size) => ({
      when: { regex: `^write ${size} MB \\d+$` },
      steps: [
        { content: '', toolCalls: [{ name: 'Write', arguments: { path: `big-${size}.txt`, content: contents.get(size) as string } }] },
        { content: 'written' },
      ],
    })),
    { when: 'warm up', steps: [{ content: '', toolCalls: [{ name: 'Write', arguments: { path: 'warm.txt', content: sourceText(64 * 1024) } }] }, { content: 'ok' }] },
  ],
};
const serverDir = join(dir, 'server');
mkdirSync(serverDir);
const server = await spawnModelServer(script, serverDir);
const home = join(dir, 'home');
mkdirSync(home);
writeFileSync(join(home, 'config.json'), JSON.stringify({ providers: [{ name: 'bench', baseURL: server.url, model: 'bench', apiKey: 'k' }], maxRetries: 0 }));
const engine = await createEngine({ home, env: {}, approvals: 'all' });
const driver = new TurnDriver(engine, 4);
const probe = await spawnIdleProbe();

/** A session of its own per turn, so every turn starts from the same short history. */
async function timedTurn(text: string): Promise<{ wallMs: number; longestMs: number; idleLongestMs: number }> {
  const ws = join(dir, 'ws', text.replace(/\W+/g, '-'));
  mkdirSync(ws, { recursive: true });
  const id = await driver.createSession(ws);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  await probe.ask({ op: 'start' });
  delay.enable();
  const t0 = performance.now();
  await driver.turn(id, text);
  const wallMs = performance.now() - t0;
  delay.disable();
  const idle = await probe.ask({ op: 'stop' });
  return { wallMs, longestMs: delay.max / 1e6, idleLongestMs: idle.maxMs };
}

await timedTurn('warm up');
const results = new Map<number, Array<Awaited<ReturnType<typeof timedTurn>>>>(SIZES.map((size) => [size, []]));
let profiler: Awaited<ReturnType<typeof startProfiler>> | null = null;
// Interleaved rounds, so a slow spell of the machine falls on both sizes.
for (let round = 0; round < ROUNDS; round++) {
  for (const size of SIZES) {
    if (size === 4 && values['cpu-prof'] && !profiler) profiler = await startProfiler();
    const r = await timedTurn(`write ${size} MB ${round}`);
    const written = statSync(join(dir, 'ws', `write-${size}-MB-${round}`, `big-${size}.txt`)).size;
    if (written !== (contents.get(size) as string).length) throw new Error(`the ${size} MB Write wrote ${written} bytes`);
    results.get(size)?.push(r);
  }
}
if (profiler && values['cpu-prof']) writeFileSync(values['cpu-prof'], JSON.stringify(await profiler.stop()));
driver.close();
await engine.close();
await probe.stop();
server.stop();

const one = results.get(1) ?? [];
const four = results.get(4) ?? [];
const wall1 = percentile(one.map((r) => r.wallMs), 50);
const wall4 = percentile(four.map((r) => r.wallMs), 50);
const ratio = wall4 / wall1;
const longest = Math.max(...[...one, ...four].map((r) => r.longestMs));
const idleLongest = Math.max(...[...one, ...four].map((r) => r.idleLongestMs));
const met = (ok: boolean): string => (ok ? 'met' : 'not met');
console.log(`One large tool call through the engine (Write, arguments streamed in 4-character pieces; medians of ${ROUNDS} interleaved rounds)`);
console.log(`  1 MB turn                   ${ms(wall1, 0)}`);
console.log(`  4 MB turn                   ${ms(wall4, 0)}`);
console.log(`  4 MB against 1 MB           ${ratio.toFixed(2)}×   target <= 4.5×: ${met(ratio <= 4.5)}`);
console.log(`  longest event-loop block    ${ms(longest)} (idle Node at the same time: ${ms(idleLongest)})   target <= 100 ms: ${met(longest <= 100)}`);
