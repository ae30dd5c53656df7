// Grep and Glob against bare ripgrep over a 50,000-file tree (small text files in nested folders, a few matches,
// built once and cached under the temp folder). Each case runs the tool (grepTool.run / globTool.run, so rg's
// output is parsed, capped and sorted as the model sees it) and then rg spawned directly with the same arguments
// (its output read and thrown away), alternating, after one warm-up run each; the medians are compared with the
// target: Grep within 1.5x of bare rg (Glob's figure is shown beside it without one). Asserts nothing.
// Run: node bin/run-ts.js bench/search-tools.ts [--root DIR] [--files 50000] [--runs 7]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { hostEnv } from '../main/core/host-env';
import { globTool } from '../main/core/tools/glob';
import { grepArgs, grepTool } from '../main/core/tools/grep';
import { filterArgs, planGlob } from '../main/core/tools/ripgrep';
import type { ToolContext } from '../main/core/tools/types';
import type { GrepInput } from '../shared/tools';
import { percentile } from './lib/stats';

/** Bump when the generated tree changes. */
const TREE_VERSION = 'v1';
const TARGET_RATIO = 1.5;

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: tmpdir() },
    files: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '7' },
  },
});
const FILES = Number(values.files);
const RUNS = Number(values.runs);

// ---- the tree: 50 folders × 20 subfolders × 50 files of 12 lines; "needle_rare" in 1 file of 1,000,
// "marker_" in 1 of 125 (400 files), ".ts" for 1 file of 5 ----
const dir = join(values.root, `paragents-search-tools-${TREE_VERSION}-${FILES}`);
const done = join(dir, '.built');
if (!existsSync(done)) {
  rmSync(dir, { recursive: true, force: true });
  console.log(`  writing ${FILES.toLocaleString('en')} files under ${dir}…`);
  for (let i = 0; i < FILES; i++) {
    const folder = join(dir, `pkg${i % 50}`, `mod${Math.floor(i / 50) % 20}`);
    if (i < 1000) mkdirSync(folder, { recursive: true });
    const lines = Array.from({ length: 12 }, (_, n) => `export const value_${i}_${n} = compute(${n}, "item ${i}"); // line ${n}`);
    if (i % 1000 === 7) lines[5] = `const needle_rare = ${i};`;
    if (i % 125 === 3) lines[9] = `// marker_${i} TODO tidy`;
    writeFileSync(join(folder, `file${i}.${i % 5 === 0 ? 'ts' : 'txt'}`), `${lines.join('\n')}\n`);
  }
  writeFileSync(done, '');
}

const ctx: ToolContext = {
  workspace: dir,
  host: hostEnv(process.env, homedir()),
  sessionId: 'bench',
  promptId: 'bench',
  signal: new AbortController().signal,
};

/** Bare rg: spawned with the arguments, its output read in full and dropped. */
function bareRg(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('rg', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - started));
  });
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

interface Case {
  name: string;
  /** Whether the 1.5x target applies (Glob's own work, a stat per match for newest-first order, has none). */
  targeted: boolean;
  tool: () => Promise<{ ok: boolean }>;
  rgArgs: string[];
}
const grepCase = (name: string, input: z.infer<typeof GrepInput>): Case => ({
  name,
  targeted: true,
  tool: () => grepTool.run(input, ctx),
  rgArgs: grepArgs(input, input.glob ? planGlob(input.glob) : null),
});
const cases: Case[] = [
  grepCase('Grep rare word (50 files)', { pattern: 'needle_rare' }),
  grepCase('Grep regex (400 files)', { pattern: 'marker_[0-9]+ TODO' }),
  grepCase('Grep -C 2 (400 files)', { pattern: 'marker_[0-9]+ TODO', '-C': 2 }),
  grepCase('Grep -i files_with_matches', { pattern: 'MARKER_', '-i': true, output_mode: 'files_with_matches' }),
  grepCase('Grep count', { pattern: 'marker_', output_mode: 'count' }),
  grepCase('Grep glob *.ts', { pattern: 'needle_rare', glob: '*.ts' }),
  {
    name: 'Glob **/*.ts (10,000 files)',
    targeted: false,
    tool: () => globTool.run({ pattern: '**/*.ts' }, ctx),
    rgArgs: [...filterArgs({ named: ['**/*.ts'] }), '--type-add', 'paragentsglob:*.ts', '--type', 'paragentsglob', '--files', '--null'],
  },
];

console.log(`search-tools bench: ${FILES.toLocaleString('en')} files, ${RUNS} runs per case after one warm-up (medians)`);
const ratios: number[] = [];
for (const c of cases) {
  const first = await c.tool();
  if (!first.ok) throw new Error(`${c.name} failed: ${JSON.stringify(first)}`);
  await bareRg(c.rgArgs);
  const tool: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    tool.push(await timed(c.tool));
    bare.push(await bareRg(c.rgArgs));
  }
  const t = percentile(tool, 50);
  const b = percentile(bare, 50);
  if (c.targeted) ratios.push(t / b);
  const verdict = c.targeted ? (t / b <= TARGET_RATIO ? 'met' : 'not met') : 'no target (a stat per match)';
  console.log(
    `  ${c.name.padEnd(30)} tool ${t.toFixed(1).padStart(7)} ms   bare rg ${b.toFixed(1).padStart(7)} ms   ` +
      `${(t / b).toFixed(2)}x: ${verdict}`,
  );
}
const worst = Math.max(...ratios);
console.log(`  Grep worst case ${worst.toFixed(2)}x bare rg (target within ${TARGET_RATIO}x): ${worst <= TARGET_RATIO ? 'met' : 'not met'}`);
