// Cost of token counting: `node bin/run-ts.js bench/tokens.ts`. Prints what a counter costs to create, what the
// first count costs (it loads the encoding), how fast text is counted (source code, prose, one unbroken run)
// and what re-counting a long transcript on every step would cost next to summing the counts kept per message.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createTokenCounter } from '../main/core/context/tokens';
import type { ChatMessage } from '../main/core/model/types';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

const code = sources(join(root, 'main/core')).join('\n');
const prose = readFileSync(join(root, 'README.md'), 'utf8');
const run = '='.repeat(200_000);

const created = time(() => {
  for (let i = 0; i < 1000; i++) createTokenCounter('gpt-4o');
});
console.log(`createTokenCounter: ${created.ms.toFixed(1)} µs per counter (the encoding is not loaded yet)`);

for (const model of ['gpt-4o', 'llama3.1:8b']) {
  const counter = createTokenCounter(model);
  const first = time(() => counter.countText('hello'));
  console.log(`\n${model} (${counter.encoding}, margin ${Math.round(counter.margin * 100)} %): first count ${first.ms.toFixed(0)} ms (loads the encoding)`);
  for (const [label, text] of [['source code', code], ['README prose', prose], ['one unbroken run', run]] as const) {
    counter.countText(text.slice(0, 10_000)); // warm the merge cache a little, as a running engine would have
    const counted = time(() => counter.countText(text));
    const mbPerS = text.length / 1e6 / (counted.ms / 1000);
    console.log(
      `  ${label.padEnd(17)} ${(text.length / 1000).toFixed(0).padStart(5)} k chars → ${counted.value} tokens in ${counted.ms.toFixed(1)} ms` +
        ` (${mbPerS.toFixed(1)} M chars/s, ${((counted.value / counted.ms) * 1000 / 1e6).toFixed(2)} M tokens/s)`,
    );
  }
}

// A long session: 400 messages, tool outputs of 4 k characters. Re-tokenizing it on every step versus once.
const counter = createTokenCounter('gpt-4o');
const chunk = code.slice(0, 4000);
const transcript: ChatMessage[] = [];
for (let i = 0; i < 100; i++) {
  transcript.push({ role: 'user', content: `step ${i}: read the next file` });
  transcript.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'Read', arguments: `{"path":"f${i}.ts"}` } }] });
  transcript.push({ role: 'tool', tool_call_id: `call_${i}`, content: chunk.slice(i % 50) });
  transcript.push({ role: 'assistant', content: `File ${i} holds part of the store.` });
}
const recount = time(() => transcript.reduce((n, m) => n + counter.countMessage(m), 0));
const kept = transcript.map((m) => counter.countMessage(m));
const sum = time(() => kept.reduce((n, t) => n + t, 0));
console.log(`\n${transcript.length}-message transcript, ${recount.value} tokens:`);
console.log(`  re-tokenized whole: ${recount.ms.toFixed(1)} ms per step`);
console.log(`  kept counts summed: ${(sum.ms * 1000).toFixed(1)} µs per step`);
