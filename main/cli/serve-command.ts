import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { configPath, loadConfig } from '../core/config';
import { hostEngine, type HostedEngine } from '../local/engine-host';
import { createHub } from '../hub/hub';
import { configTokenStore, createGatewayHost } from '../gateway';
import { isLoopbackAddress, parsePublicHost } from '../web/bind-address';
import { startWebHost } from '../web/web-host';
import { langFromTag, shownError, translator, type Translator } from '../../shared/i18n';
import { shownThrown } from '../../shared/msg-error';
import type { AppError } from '../../shared/result';
import { cliText } from './cli-text';
import { ensureRendererBuilt, RENDERER_DIR } from './renderer-build';
import { usage } from './usage';

export interface ServeIo {
  stdout(line: string): void;
  stderr(line: string): void;
  env: Record<string, string | undefined>;
  home: string;
}


const SYNOPSIS = 'paragents serve [--port N] [--host 127.0.0.1] [--allow-remote] [--public-host NAME[:PORT]]...';

/** The flags `serve --help` describes, each with its catalog key; the flags themselves are the same in every language. */
const FLAGS = [
  ['--port N', 'cliHelp.serve.port'],
  ['--host ADDR', 'cliHelp.serve.host'],
  ['--allow-remote', 'cliHelp.serve.allowRemote'],
  ['--public-host NAME', 'cliHelp.serve.publicHost'],
] as const;

/** `serve --help`: the usage line and what each flag does (a description's further lines under its first). */
export function serveHelp(t: Translator = translator('en')): string {
  const flags = FLAGS.map(([flag, key]) => {
    const [first, ...more] = t(key).split('\n');
    return [`  ${flag.padEnd(22)}${first ?? ''}`, ...more.map((l) => `${' '.repeat(24)}${l}`)].join('\n');
  });
  return [usage(t, SYNOPSIS), ...flags].join('\n');
}

export type ServeArgs = { port: number; host: string; allowRemote: boolean; publicHosts: string[] };

export function parseServeArgs(
  argv: readonly string[],
  t: Translator = translator('en'),
): { ok: true; value: ServeArgs } | { ok: false; message: string; help?: true } {
  const USAGE = usage(t, SYNOPSIS);
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
      if (!Number.isInteger(n) || n < 0 || n > 65535) return { ok: false, message: `${t('cliTools.serve.badPort')}\n${USAGE}` };
      port = n;
    } else if (flag === '--host') {
      const h = value();
      if (!h) return { ok: false, message: `${t('cliTools.serve.needHost')}\n${USAGE}` };
      host = h;
    } else if (flag === '--allow-remote' && inline === undefined) {
      allowRemote = true;
    } else if (flag === '--public-host') {
      const name = value();
      if (!name) return { ok: false, message: `${t('cliTools.serve.needPublicHost')}\n${USAGE}` };
      const parsed = parsePublicHost(name);
      if (!parsed.ok) return { ok: false, message: `${parsed.message}\n${USAGE}` };
      publicHosts.push(name);
    } else if (flag === '--help' || flag === '-h') {
      return { ok: false, message: serveHelp(t), help: true };
    } else {
      return { ok: false, message: `${t('cliTools.serve.unknownOption', { option: arg })}\n${USAGE}` };
    }
  }
  if (!isLoopbackAddress(host) && !allowRemote) {
    return {
      ok: false,
      message: `${t('cliTools.serve.notLoopback', { host })}\n${USAGE}`,
    };
  }
  return { ok: true, value: { port, host, allowRemote, publicHosts } };
}

/**
 * What is wrong with the model configuration, in one sentence naming the file and the setting; null when it is
 * fine or simply absent (a first run, which the panel's setup view walks through).
 */
export function configProblem(io: Pick<ServeIo, 'home' | 'env'>): AppError | null {
  const loaded = loadConfig({ home: io.home, env: io.env });
  if (loaded.ok) return null;
  const firstRun = !existsSync(configPath(io.home)) && !io.env.PARAGENTS_MODEL && !io.env.OPENAI_BASE_URL;
  return firstRun ? null : loaded.error;
}

/**
 * `paragents serve`: the engine plus the panel in a browser. Prints the one URL (with its token) and runs
 * until SIGINT/SIGTERM, then closes the host and the engine (running turns are recorded as cancelled). The
 * engine also listens on the data folder's local endpoint, so CLI commands started beside it join it: their
 * prompts and approvals show up live in the panel.
 */
export async function runServeCommand(argv: string[], io: ServeIo): Promise<number> {
  const { lang: textLang, t } = cliText(io);
  const args = parseServeArgs(argv, t);
  if (!args.ok) {
    io.stderr(args.message);
    return args.help ? 0 : 2;
  }
  const { host, port, allowRemote, publicHosts } = args.value;
  if (!isLoopbackAddress(host)) {
    const names = publicHosts.length > 0 ? t('cliTools.serve.publicHosts', { names: publicHosts.join(', ') }) : t('cliTools.serve.loopbackOnly');
    io.stderr(t('cliTools.serve.reachable', { host, names }));
  }

  try {
    await ensureRendererBuilt(io.stderr, RENDERER_DIR, t);
  } catch (error) {
    io.stderr(t('cliTools.serve.cannotBuild', { error: (error as Error).message }));
    return 1;
  }

  const problem = configProblem(io);
  if (problem) io.stderr(t('cliTools.serve.configWarning', { problem: shownError(textLang, problem) }));

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
      onInternalError: (name, error) => io.stderr(`paragents serve: ${t('cliTools.serve.failed', { name, error: error instanceof Error ? error.message : String(error) })}`),
    });
  } catch (error) {
    io.stderr(t('cliTools.serve.cannotStart', { error: shownThrown(textLang, error) }));
    return 1;
  }
  if (hosted.endpointProblem) io.stderr(t('cliTools.serve.cannotJoin', { problem: shownError(textLang, hosted.endpointProblem) }));
  // The panel and the gateways hold the hub: this machine's engine and the remote machines' engines, as one.
  const engine = createHub({ local: hosted.engine, home: io.home });

  let web: Awaited<ReturnType<typeof startWebHost>>;
  try {
    web = await startWebHost({
      engine, host, port, allowRemote, publicHosts, staticDir: RENDERER_DIR,
      onClientDropped: (reason) => io.stderr(t(reason === 'fell_behind' ? 'cliTools.serve.droppedFellBehind' : 'cliTools.serve.droppedNoPong')),
    });
  } catch (error) {
    await engine.close();
    await hosted.close();
    io.stderr(t('cliTools.serve.cannotListen', { address: `${host}:${port}`, error: (error as Error).message }));
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
  io.stderr(t('cliTools.serve.stopping'));
  await web.close();
  await gateways.stop();
  // Remote engines keep running their turns unless their machine is set to stop when the app closes.
  await engine.close({ appClosing: true });
  // The local endpoint first (no new requests from other commands), then the engine.
  await hosted.close();
  return 0;
}
