import { tmpdir } from 'node:os';
import type { GatewayStatus } from '../../shared/gateway';
import { TelegramToken } from '../../shared/gateway';
import { readTelegramSettings, saveTelegramToken, TELEGRAM_TOKEN_ENV } from '../core/config';
import { PairedChats } from '../gateway/pairing';
import { connectLocalEndpoint } from '../local/endpoint-client';
import type { EngineLink } from '../local/engine-link';
import { formatTime, shownText, type Translator } from '../../shared/i18n';
import { noEngineText } from './approval-text';
import { cliText, type CliText, engineError, timeText } from './cli-text';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { GATEWAY_USAGE, usage } from './usage';

const SUBCOMMANDS = new Set(['set-token', 'pair', 'status', 'unpair']);

/**
 * Reads the token from standard input: typed at a terminal without echo, else the first line of a pipe. It is
 * never printed, logged or passed on a command line (where `ps` and the shell history would see it).
 */
async function readToken(io: CliIo, t: Translator): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') {
    io.stderr(t('cliTools.gateway.tokenPrompt'));
    return new Promise((resolve, reject) => {
      let typed = '';
      stdin.setRawMode(true);
      stdin.resume();
      const done = (value: string | null): void => {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        if (value === null) reject(new Error(t('cliTools.gateway.interrupted')));
        else resolve(value.trim());
      };
      const onData = (chunk: Buffer): void => {
        for (const ch of chunk.toString('utf8')) {
          if (ch === '\r' || ch === '\n') return done(typed);
          if (ch === '\u0003') return done(null);
          if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
          else typed += ch;
        }
      };
      stdin.on('data', onData);
    });
  }
  let text = '';
  for await (const chunk of io.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return (text.split('\n')[0] ?? '').trim();
}

function printStatus(io: CliIo, text: CliText, s: GatewayStatus): void {
  const { lang, t } = text;
  const where = s.tokenSource === 'env' ? TELEGRAM_TOKEN_ENV : s.tokenSource === 'keychain' ? t('cliTools.gateway.keychain') : 'config.json';
  io.stdout(t('cliTools.gateway.token', { state: s.tokenSet ? t('cliTools.gateway.tokenSet', { where }) : t('cliTools.gateway.tokenNotSet') }));
  io.stdout(
    t('cliTools.gateway.connection', {
      state: t(`cliTools.gateway.state.${s.connection}`),
      bot: s.bot ? t('cliTools.gateway.asBot', { bot: s.bot }) : '',
      problem: s.problem ? t('cliTools.gateway.problem', { problem: shownText(lang, s.problem, s.problemMsg) }) : '',
    }),
  );
  io.stdout(t('cliTools.gateway.apiRoot', { root: s.apiRoot }));
  if (s.pairCode) io.stdout(t('cliTools.gateway.pairCode', { code: s.pairCode.code, until: timeText(text, s.pairCode.expiresAt) }));
  if (s.chats.length === 0) io.stdout(t('cliTools.gateway.noChats'));
  for (const c of s.chats) io.stdout(t('cliTools.gateway.chat', { id: c.chatId, name: c.name, since: timeText(text, c.pairedAt) }));
}

/** The running engine (the desktop app, `serve`), or null: the gateway runs only inside them. */
async function runningEngine(io: CliIo): Promise<EngineLink | null> {
  const connected = await connectLocalEndpoint({ home: io.home, env: io.env, tmpdir: tmpdir() });
  if (!connected.ok) throw new Error(connected.error.message);
  return connected.value;
}

/**
 * `paragents gateway telegram set-token|pair|status|unpair CHAT`: the Telegram gateway of the running app or
 * `serve`. set-token works without one too (it then writes config.json, mode 0600, for the next start).
 */
export async function runGatewayCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { lang, t } = text;
  const gatewayUsage = usage(t, GATEWAY_USAGE);
  const [gateway, sub, ...rest] = argv;
  if (gateway !== 'telegram' || !sub || !SUBCOMMANDS.has(sub)) {
    io.stderr(`${gateway && gateway !== 'telegram' ? `paragents gateway: ${t('cliTools.gateway.notGateway', { name: gateway })}\n` : ''}${gatewayUsage}`);
    return EXIT_USAGE;
  }
  const clear = sub === 'set-token' && rest.length === 1 && rest[0] === '--clear';
  const wanted = sub === 'unpair' ? 1 : 0;
  if (!clear && rest.length !== wanted) {
    io.stderr(`paragents gateway telegram ${sub}: ${t(wanted === 1 ? 'cliTools.gateway.wantChatId' : 'cliTools.noArguments')}\n${gatewayUsage}`);
    return EXIT_USAGE;
  }
  const name = `paragents gateway telegram ${sub}`;

  let token: string | null = null;
  if (sub === 'set-token' && !clear) {
    const typed = await readToken(io, t);
    const parsed = TelegramToken.safeParse(typed);
    if (!parsed.success) {
      io.stderr(`${name}: ${t('cliTools.gateway.notToken', { problem: parsed.error.issues[0]?.message ?? t('cliSessions.run.invalid') })}`);
      return EXIT_USAGE;
    }
    token = parsed.data;
  }

  const link = await runningEngine(io);
  try {
    switch (sub) {
      case 'set-token': {
        if (!link) {
          const saved = saveTelegramToken(io.home, token);
          if (!saved.ok) {
            io.stderr(`${name}: ${engineError(io, saved.error)}`);
            return EXIT_USAGE;
          }
          io.stdout(t(token === null ? 'cliTools.gateway.removedFrom' : 'cliTools.gateway.savedIn', { file: saved.value }));
          return EXIT_OK;
        }
        const r = await link.handlers['gateway.setToken']({ gateway: 'telegram', token });
        if (!r.ok) {
          io.stderr(`${name}: ${engineError(io, r.error)}`);
          return EXIT_FAILED;
        }
        io.stdout(
          token === null
            ? t('cliTools.gateway.removed')
            : t('cliTools.gateway.saved', { where: t(r.value.tokenSource === 'keychain' ? 'cliTools.gateway.inKeychain' : 'cliTools.gateway.inConfig') }),
        );
        if (token !== null && r.value.tokenSource === 'env') io.stderr(`${name}: ${t('cliTools.gateway.envWins', { variable: TELEGRAM_TOKEN_ENV })}`);
        return EXIT_OK;
      }
      case 'status': {
        if (link) {
          const r = await link.handlers['gateway.status']({ gateway: 'telegram' });
          if (!r.ok) {
            io.stderr(`${name}: ${engineError(io, r.error)}`);
            return EXIT_FAILED;
          }
          printStatus(io, text, r.value);
          return EXIT_OK;
        }
        const s = readTelegramSettings(io.home, io.env);
        if (!s.ok) {
          io.stderr(`${name}: ${engineError(io, s.error)}`);
          return EXIT_USAGE;
        }
        const where = s.value.tokenSource === 'env' ? TELEGRAM_TOKEN_ENV : 'config.json';
        io.stdout(t('cliTools.gateway.token', { state: s.value.token === null ? t('cliTools.gateway.tokenNotSet') : t('cliTools.gateway.tokenSet', { where }) }));
        io.stdout(t('cliTools.gateway.connection', { state: t('cliTools.gateway.state.off'), bot: '', problem: t('cliTools.gateway.problem', { problem: noEngineText(t, io.home) }) }));
        return EXIT_OK;
      }
      case 'pair': {
        if (!link) {
          io.stderr(`${name}: ${t('cliTools.gateway.runsThere', { noEngine: noEngineText(t, io.home) })}`);
          return EXIT_FAILED;
        }
        const r = await link.handlers['gateway.pairCode']({ gateway: 'telegram' });
        if (!r.ok) {
          io.stderr(`${name}: ${engineError(io, r.error)}`);
          return EXIT_FAILED;
        }
        // English keeps the time as it printed before (the locale's own form); other languages their own.
        const until = lang === 'en' ? new Date(r.value.expiresAt).toLocaleTimeString() : formatTime(lang, r.value.expiresAt);
        io.stdout(t('cliTools.gateway.sendCode', { until }));
        io.stdout(`/pair ${r.value.code}`);
        return EXIT_OK;
      }
      case 'unpair': {
        const chatId = rest[0] as string;
        if (link) {
          const r = await link.handlers['gateway.unpair']({ gateway: 'telegram', chatId });
          if (!r.ok) {
            io.stderr(`${name}: ${engineError(io, r.error)}`);
            return EXIT_FAILED;
          }
        } else if (!new PairedChats(io.home, 'telegram', io.stderr).remove(chatId)) {
          io.stderr(`${name}: ${t('cliTools.gateway.noChat', { id: chatId })}`);
          return EXIT_FAILED;
        }
        io.stdout(t('cliTools.gateway.unpaired', { id: chatId }));
        return EXIT_OK;
      }
      default:
        io.stderr(gatewayUsage);
        return EXIT_USAGE;
    }
  } finally {
    await link?.close();
  }
}
