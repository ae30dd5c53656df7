import { tmpdir } from 'node:os';
import type { GatewayStatus } from '../../shared/gateway';
import { TelegramToken } from '../../shared/gateway';
import { readTelegramSettings, saveTelegramToken, TELEGRAM_TOKEN_ENV } from '../core/config';
import { PairedChats } from '../gateway/pairing';
import { connectLocalEndpoint } from '../local/endpoint-client';
import type { EngineLink } from '../local/engine-link';
import { noEngineText } from './approval-text';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { GATEWAY_USAGE } from './usage';

const SUBCOMMANDS = new Set(['set-token', 'pair', 'status', 'unpair']);

/**
 * Reads the token from standard input: typed at a terminal without echo, else the first line of a pipe. It is
 * never printed, logged or passed on a command line (where `ps` and the shell history would see it).
 */
async function readToken(io: CliIo): Promise<string> {
  const stdin = io.stdin as NodeJS.ReadStream;
  if (stdin.isTTY && typeof stdin.setRawMode === 'function') {
    io.stderr('Bot token from BotFather (not shown as you type): ');
    return new Promise((resolve, reject) => {
      let typed = '';
      stdin.setRawMode(true);
      stdin.resume();
      const done = (value: string | null): void => {
        stdin.setRawMode(false);
        stdin.pause();
        stdin.off('data', onData);
        if (value === null) reject(new Error('interrupted'));
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

function printStatus(io: CliIo, s: GatewayStatus): void {
  const token = s.tokenSet ? `set (${s.tokenSource === 'env' ? TELEGRAM_TOKEN_ENV : s.tokenSource === 'keychain' ? 'the app\u2019s keychain' : 'config.json'})` : 'not set';
  io.stdout(`token: ${token}`);
  io.stdout(`connection: ${s.connection}${s.bot ? ` as @${s.bot}` : ''}${s.problem ? ` (${s.problem})` : ''}`);
  io.stdout(`api root: ${s.apiRoot}`);
  if (s.pairCode) io.stdout(`pairing code: ${s.pairCode.code} (until ${s.pairCode.expiresAt})`);
  if (s.chats.length === 0) io.stdout('paired chats: none');
  for (const c of s.chats) io.stdout(`paired chat ${c.chatId}: ${c.name} (since ${c.pairedAt})`);
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
  const [gateway, sub, ...rest] = argv;
  if (gateway !== 'telegram' || !sub || !SUBCOMMANDS.has(sub)) {
    io.stderr(`${gateway && gateway !== 'telegram' ? `paragents gateway: "${gateway}" is not a gateway here; there is telegram\n` : ''}${GATEWAY_USAGE}`);
    return EXIT_USAGE;
  }
  const clear = sub === 'set-token' && rest.length === 1 && rest[0] === '--clear';
  const wanted = sub === 'unpair' ? 1 : 0;
  if (!clear && rest.length !== wanted) {
    io.stderr(`paragents gateway telegram ${sub}: ${wanted === 1 ? 'expected the chat id' : 'expected no arguments'}\n${GATEWAY_USAGE}`);
    return EXIT_USAGE;
  }
  const name = `paragents gateway telegram ${sub}`;

  let token: string | null = null;
  if (sub === 'set-token' && !clear) {
    const typed = await readToken(io);
    const parsed = TelegramToken.safeParse(typed);
    if (!parsed.success) {
      io.stderr(`${name}: that is not a bot token: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
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
            io.stderr(`${name}: ${saved.error.message}`);
            return EXIT_USAGE;
          }
          io.stdout(token === null ? `token removed from ${saved.value}` : `token saved in ${saved.value} (mode 0600); the desktop app and paragents serve use it when they start`);
          return EXIT_OK;
        }
        const r = await link.handlers['gateway.setToken']({ gateway: 'telegram', token });
        if (!r.ok) {
          io.stderr(`${name}: ${r.error.message}`);
          return EXIT_FAILED;
        }
        io.stdout(token === null ? 'token removed; the gateway stopped' : `token saved (${r.value.tokenSource === 'keychain' ? 'in the app\u2019s keychain' : 'in config.json, mode 0600'}); the gateway restarted`);
        if (token !== null && r.value.tokenSource === 'env') io.stderr(`${name}: ${TELEGRAM_TOKEN_ENV} is set where the engine runs, and it wins over the saved token`);
        return EXIT_OK;
      }
      case 'status': {
        if (link) {
          const r = await link.handlers['gateway.status']({ gateway: 'telegram' });
          if (!r.ok) {
            io.stderr(`${name}: ${r.error.message}`);
            return EXIT_FAILED;
          }
          printStatus(io, r.value);
          return EXIT_OK;
        }
        const s = readTelegramSettings(io.home, io.env);
        if (!s.ok) {
          io.stderr(`${name}: ${s.error.message}`);
          return EXIT_USAGE;
        }
        io.stdout(`token: ${s.value.token === null ? 'not set' : `set (${s.value.tokenSource === 'env' ? TELEGRAM_TOKEN_ENV : 'config.json'})`}`);
        io.stdout(`connection: off (${noEngineText(io.home)})`);
        return EXIT_OK;
      }
      case 'pair': {
        if (!link) {
          io.stderr(`${name}: ${noEngineText(io.home)}; the gateway runs there`);
          return EXIT_FAILED;
        }
        const r = await link.handlers['gateway.pairCode']({ gateway: 'telegram' });
        if (!r.ok) {
          io.stderr(`${name}: ${r.error.message}`);
          return EXIT_FAILED;
        }
        const until = new Date(r.value.expiresAt).toLocaleTimeString();
        io.stdout(`Send this to your bot in a private chat before ${until} (the code works once, for 10 minutes):`);
        io.stdout(`/pair ${r.value.code}`);
        return EXIT_OK;
      }
      case 'unpair': {
        const chatId = rest[0] as string;
        if (link) {
          const r = await link.handlers['gateway.unpair']({ gateway: 'telegram', chatId });
          if (!r.ok) {
            io.stderr(`${name}: ${r.error.message}`);
            return EXIT_FAILED;
          }
        } else if (!new PairedChats(io.home, 'telegram', io.stderr).remove(chatId)) {
          io.stderr(`${name}: no paired Telegram chat ${chatId}`);
          return EXIT_FAILED;
        }
        io.stdout(`unpaired chat ${chatId}`);
        return EXIT_OK;
      }
      default:
        io.stderr(GATEWAY_USAGE);
        return EXIT_USAGE;
    }
  } finally {
    await link?.close();
  }
}
