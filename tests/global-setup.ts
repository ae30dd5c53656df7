import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureRendererBuilt } from '../main/cli/renderer-build';

/**
 * Tests spawn the real `paragents` bin, which runs the compiled command line: build it from the current sources.
 * The panel is built once here too, when stale, so that test files starting `serve` side by side never build it
 * into the same folder at the same time.
 */
export default async function setup(): Promise<void> {
  const script = fileURLToPath(new URL('../scripts/build-cli.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
  await ensureRendererBuilt((line) => process.stderr.write(`${line}\n`));
}
