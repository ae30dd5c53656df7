import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Tests spawn the real `paragents` bin, which runs the compiled command line: build it from the current sources. */
export default function setup(): void {
  const script = fileURLToPath(new URL('../scripts/build-cli.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
