import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createEngine } from '../core/engine';
import type { Engine } from '../core/engine/types';
import { startWebHost } from '../web/web-host';

export interface ServeIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env: Record<string, string | undefined>;
  home: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

const USAGE = 'usage: paragents serve [--port N] [--host 127.0.0.1]';

export type ServeArgs = { port: number; host: string };

export function parseServeArgs(argv: readonly string[]): { ok: true; value: ServeArgs } | { ok: false; message: string } {
  let port = 0;
  let host = '127.0.0.1';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--port') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 65535) return { ok: false, message: `--port needs a number from 0 to 65535\n${USAGE}` };
      port = n;
    } else if (flag === '--host') {
      const h = value();
      if (!h) return { ok: false, message: `--host needs an address\n${USAGE}` };
      host = h;
    } else if (flag === '--help' || flag === '-h') {
      return { ok: false, message: USAGE };
    } else {
      return { ok: false, message: `unknown option: ${arg}\n${USAGE}` };
    }
  }
  return { ok: true, value: { port, host } };
}

/** Newest modification time of the files under the given folders (the panel's sources). */
function newestSource(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return newest;
}

/**
 * Builds the renderer with vite's JS API when out/renderer is missing or older than its sources (a source
 * checkout that was updated), so the browser never gets a stale panel.
 */
export async function ensureRendererBuilt(log: (line: string) => void, outDir = RENDERER_DIR): Promise<void> {
  const index = join(outDir, 'index.html');
  const sources = [join(ROOT, 'renderer'), join(ROOT, 'shared')];
  if (existsSync(index)) {
    if (!existsSync(sources[0] as string) || statSync(index).mtimeMs >= newestSource(sources)) return;
    log('rebuilding the panel (its sources changed)…');
  } else {
    log('building the panel (first run)…');
  }
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
}

/**
 * `paragents serve`: the engine plus the panel in a browser. Prints the one URL (with its token) and runs
 * until SIGINT/SIGTERM, then closes the host and the engine (running turns are recorded as cancelled).
 */
export async function runServeCommand(argv: string[], io: ServeIo): Promise<number> {
  const args = parseServeArgs(argv);
  if (!args.ok) {
    io.stderr(args.message);
    return args.message === USAGE ? 0 : 2;
  }
  const { host, port } = args.value;
  if (!LOOPBACK.has(host)) io.stderr(`warning: listening on ${host}, reachable from the network; anyone with the URL controls the agents`);

  try {
    await ensureRendererBuilt(io.stderr);
  } catch (error) {
    io.stderr(`could not build the panel: ${(error as Error).message}`);
    return 1;
  }

  let engine: Engine;
  try {
    engine = await createEngine({ home: io.home, env: io.env, approvals: 'ask' });
  } catch (error) {
    io.stderr(`could not start the engine: ${(error as Error).message}`);
    return 1;
  }

  let web: Awaited<ReturnType<typeof startWebHost>>;
  try {
    web = await startWebHost({ engine, host, port, staticDir: RENDERER_DIR });
  } catch (error) {
    await engine.close();
    io.stderr(`could not listen on ${host}:${port}: ${(error as Error).message}`);
    return 1;
  }
  io.stdout(web.url);

  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.stderr('stopping…');
  await web.close();
  await engine.close();
  return 0;
}
