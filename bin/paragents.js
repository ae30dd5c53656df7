#!/usr/bin/env node
// The command line runs compiled JavaScript from out/cli (built by `npm run build:cli`, also at install through
// `prepare`). A source checkout that was never built falls back to running the TypeScript through tsx.
import { existsSync } from 'node:fs';

const built = new URL('../out/cli/main.js', import.meta.url);
let main;
if (existsSync(built)) {
  ({ main } = await import(built.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../main/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
