#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader, so the installed bin needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
