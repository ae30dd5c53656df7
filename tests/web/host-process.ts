// The browser host in a process of its own, for tests that must see whether hostile input ends the process:
// `node bin/run-ts.js tests/web/host-process.ts HOME`. Prints one JSON line {port, token} once listening,
// reports every exception a guard caught on stderr, and on SIGTERM closes the host and the engine (which
// removes engine.lock) and exits 0. An exception that escapes the host ends the process with another code.
import { join } from 'node:path';
import { createEngine } from '../../main/core/engine';
import { startWebHost } from '../../main/web/web-host';
import { writePanel } from './host-fixture';

const home = process.argv[2];
if (!home) {
  process.stderr.write('usage: host-process.ts HOME\n');
  process.exit(2);
}
const staticDir = join(home, 'static');
writePanel(staticDir);
const engine = await createEngine({ home: join(home, 'data'), env: {}, approvals: 'ask' });
const web = await startWebHost({
  engine,
  staticDir,
  port: 0,
  onInternalError: (name, error) => process.stderr.write(`internal error in ${name}: ${error instanceof Error ? error.stack : String(error)}\n`),
});
process.stdout.write(`${JSON.stringify({ port: web.port, token: web.token })}\n`);
process.once('SIGTERM', () => {
  void (async () => {
    await web.close();
    await engine.close();
    process.exit(0);
  })();
});
