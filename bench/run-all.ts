// `npm run bench`: every benchmark in bench/, one after another, each in its own process.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
const skip = new Set(['run-all.ts', 'spawn-model-server.ts']);
let failed = 0;
for (const file of readdirSync(here).filter((f) => f.endsWith('.ts') && !skip.has(f)).sort()) {
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, [join(here, '../bin/run-ts.js'), join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
