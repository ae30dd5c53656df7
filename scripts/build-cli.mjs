#!/usr/bin/env node
// Compiles the command line to plain JavaScript in out/cli, so the installed `paragents` bin starts without a
// TypeScript loader. Packages stay external (loaded from node_modules); each command is its own chunk, loaded
// only when that command runs.
//
// Files are replaced atomically (write aside, rename) and chunks of earlier builds are kept for a while: a
// `paragents` process started before this build may still load its commands' chunks (chunk names carry a
// content hash, so old and new never collide).
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(root, 'out/cli');
const STALE_MS = 60 * 60 * 1000;

let result;
try {
  result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'main/cli/main.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    chunkNames: '[name]-[hash]',
    write: false,
  });
} catch (error) {
  console.error(`paragents: building the command line failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

mkdirSync(outdir, { recursive: true });
const fresh = new Set();
// main.js last: once it names the new chunks, they are all in place.
const files = [...result.outputFiles].sort((a, b) => Number(a.path.endsWith('/main.js')) - Number(b.path.endsWith('/main.js')));
for (const file of files) {
  fresh.add(file.path);
  let same = false;
  try {
    same = readFileSync(file.path).equals(Buffer.from(file.contents));
  } catch {
    same = false;
  }
  if (same) continue;
  const aside = `${file.path}.${process.pid}.tmp`;
  writeFileSync(aside, file.contents);
  renameSync(aside, file.path);
}
const now = Date.now();
for (const name of readdirSync(outdir)) {
  const full = join(outdir, name);
  if (fresh.has(full)) continue;
  try {
    if (now - statSync(full).mtimeMs > STALE_MS) rmSync(full, { force: true });
  } catch {
    // Another build removed it first.
  }
}
