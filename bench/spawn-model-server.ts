import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Script } from '../tests/fixtures/model-server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The scripted model server in its own process, so the engine's CPU time is measured alone. */
/** `record`: the server appends each chat request's body to this file (JSON lines). */
export async function spawnModelServer(script: Script, dir: string, record?: string): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const file = join(dir, 'script.json');
  writeFileSync(file, JSON.stringify(script));
  const child = spawn(process.execPath, [join(ROOT, 'bin/run-ts.js'), join(ROOT, 'tests/fixtures/model-server-cli.ts'), '--script', file, ...(record ? ['--record', record] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /MODEL_SERVER_URL=(\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`model server exited with ${code}`)));
  });
  // A benchmark that dies half-way must not leave the server running.
  const stop = (): void => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  return { url, child, stop };
}
