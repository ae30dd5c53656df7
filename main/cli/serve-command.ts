import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { configPath, loadConfig } from '../core/config';
import { hostEngine, type HostedEngine } from '../local/engine-host';
import { configTokenStore, createGatewayHost } from '../gateway';
import { isLoopbackAddress, parsePublicHost } from '../web/bind-address';
import { startWebHost } from '../web/web-host';
import { langFromTag } from '../../shared/i18n';

export interface ServeIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env: Record<string, string | undefined>;
  home: string;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_DIR = join(ROOT, 'out', 'renderer');

const USAGE = 'usage: paragents serve [--port N] [--host 127.0.0.1] [--allow-remote] [--public-host NAME[:PORT]]...';

/** `serve --help`: the usage line and what each flag does. */
export const SERVE_HELP = `${USAGE}
  --port N              port to listen on (default 0: a free one)
  --host ADDR           address to listen on (default 127.0.0.1); an address that is not loopback
                        (0.0.0.0, ::, a LAN address, a host name) is refused unless --allow-remote is given
  --allow-remote        accept a non-loopback --host: anyone who reaches the port and holds the token controls
                        the agents; prefer an SSH tunnel (ssh -L 8080:127.0.0.1:8080 HOST) to a loopback host
  --public-host NAME    a name the page may be opened by besides 127.0.0.1, localhost and [::1] (the Host
                        header is checked on every bind); NAME matches on the port listened on, NAME:PORT on
                        that port only (a forwarded port); repeatable`;

export type ServeArgs = { port: number; host: string; allowRemote: boolean; publicHosts: string[] };

export function parseServeArgs(argv: readonly string[]): { ok: true; value: ServeArgs } | { ok: false; message: string } {
  let port = 0;
  let host = '127.0.0.1';
  let allowRemote = false;
  const publicHosts: string[] = [];
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
    } else if (flag === '--allow-remote' && inline === undefined) {
      allowRemote = true;
    } else if (flag === '--public-host') {
      const name = value();
      if (!name) return { ok: false, message: `--public-host needs a host name\n${USAGE}` };
      const parsed = parsePublicHost(name);
      if (!parsed.ok) return { ok: false, message: `${parsed.message}\n${USAGE}` };
      publicHosts.push(name);
    } else if (flag === '--help' || flag === '-h') {
      return { ok: false, message: SERVE_HELP };
    } else {
      return { ok: false, message: `unknown option: ${arg}\n${USAGE}` };
    }
  }
  if (!isLoopbackAddress(host) && !allowRemote) {
    return {
      ok: false,
      message: `--host ${host} is not a loopback address, so the panel would be reachable from the network: pass --allow-remote to accept that (an SSH tunnel to 127.0.0.1 is safer)\n${USAGE}`,
    };
  }
  return { ok: true, value: { port, host, allowRemote, publicHosts } };
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
  // The panel as it ships: React's production build, whatever NODE_ENV the caller runs under (vitest sets
  // `test`, which would bundle React's development build).
  const was = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir } });
  } finally {
    if (was === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = was;
  }
}

/**
 * What is wrong with the model configuration, in one sentence naming the file and the setting; null when it is
 * fine or simply absent (a first run, which the panel's setup view walks through).
 */
export function configProblem(io: Pick<ServeIo, 'home' | 'env'>): string | null {
  const loaded = loadConfig({ home: io.home, env: io.env });
  if (loaded.ok) return null;
  const firstRun = !existsSync(configPath(io.home)) && !io.env.PARAGENTS_MODEL && !io.env.OPENAI_BASE_URL;
  return firstRun ? null : loaded.error.message;
}

/**
 * `paragents serve`: the engine plus the panel in a browser. Prints the one URL (with its token) and runs
 * until SIGINT/SIGTERM, then closes the host and the engine (running turns are recorded as cancelled). The
 * engine also listens on the data folder's local endpoint, so CLI commands started beside it join it: their
 * prompts and approvals show up live in the panel.
 */
export async function runServeCommand(argv: string[], io: ServeIo): Promise<number> {
  const args = parseServeArgs(argv);
  if (!args.ok) {
    io.stderr(args.message);
    return args.message === SERVE_HELP ? 0 : 2;
  }
  const { host, port, allowRemote, publicHosts } = args.value;
  if (!isLoopbackAddress(host)) {
    const names = publicHosts.length > 0 ? ` (Host names accepted besides loopback: ${publicHosts.join(', ')})` : ' (only loopback Host names are accepted: add --public-host NAME)';
    io.stderr(`warning: listening on ${host}, reachable from the network; anyone with the URL controls the agents${names}`);
  }

  try {
    await ensureRendererBuilt(io.stderr);
  } catch (error) {
    io.stderr(`could not build the panel: ${(error as Error).message}`);
    return 1;
  }

  const problem = configProblem(io);
  if (problem) io.stderr(`warning: ${problem} (the panel's setup view can fix it)`);

  // The Telegram gateway runs beside the panel; its token lives in config.json (0600) here.
  const gateways = createGatewayHost({ home: io.home, env: io.env, tokens: configTokenStore(io.home), log: io.stderr });
  let hosted: HostedEngine;
  try {
    hosted = await hostEngine({
      home: io.home,
      env: io.env,
      approvals: 'ask',
      gateway: gateways.handlers,
      tmpdir: tmpdir(),
      onInternalError: (name, error) => io.stderr(`paragents serve: ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
    });
  } catch (error) {
    io.stderr(`could not start the engine: ${(error as Error).message}`);
    return 1;
  }
  if (hosted.endpointProblem) io.stderr(`warning: paragents commands cannot join this engine: ${hosted.endpointProblem}`);
  const engine = hosted.engine;

  let web: Awaited<ReturnType<typeof startWebHost>>;
  try {
    web = await startWebHost({ engine, host, port, allowRemote, publicHosts, staticDir: RENDERER_DIR });
  } catch (error) {
    await hosted.close();
    io.stderr(`could not listen on ${host}:${port}: ${(error as Error).message}`);
    return 1;
  }
  // PARAGENTS_LANG reaches the panel on its address; without it the page follows the browser's language.
  const lang = langFromTag(io.env.PARAGENTS_LANG);
  io.stdout(lang ? `${web.url}&lang=${lang}` : web.url);
  gateways.start(engine);

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
  await gateways.stop();
  // The local endpoint first (no new requests from other commands), then the engine.
  await hosted.close();
  return 0;
}
