// `npm run bench`: every benchmark in bench/, one after another, each in its own process.
// `npm run bench -- scale soak`: only the ones named (file names without `.ts`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
const skip = new Set(['run-all.ts', 'spawn-model-server.ts']);
const all = readdirSync(here).filter((f) => f.endsWith('.ts') && !skip.has(f)).sort();
const wanted = process.argv.slice(2).map((name) => name.replace(/\.ts$/, ''));
const unknown = wanted.filter((name) => !all.includes(`${name}.ts`));
if (unknown.length > 0) {
  console.error(`no benchmark named ${unknown.join(', ')} in bench/ (there are: ${all.map((f) => f.replace(/\.ts$/, '')).join(', ')})`);
  process.exit(2);
}
const chosen = wanted.length > 0 ? all.filter((f) => wanted.includes(f.replace(/\.ts$/, ''))) : all;
let failed = 0;
for (const file of chosen) {
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, [join(here, '../bin/run-ts.js'), join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
