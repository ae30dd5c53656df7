import type { GatewayHandlers } from '../core/engine';
import { readLanguage, readTelegramSettings, TELEGRAM_API_ROOT, type TelegramSettings } from '../core/config';
import type { TelegramNotify } from '../../shared/config';
import { TelegramToken, type GatewayStatus } from '../../shared/gateway';
import { err, ok, type AppError, type Result } from '../../shared/result';
import { resolveLang, type Lang } from '../../shared/i18n';
import { createMessengerGateway, type MessengerGateway } from './hub';
import { PairCodes, PairedChats } from './pairing';
import type { TelegramAdapterOptions } from './telegram/adapter';
import type { TokenStore } from './token-store';
import type { AdapterState, GatewayEngine, GatewayLog, MessengerAdapter } from './types';
import { msg } from '../../shared/i18n/message';
import { MsgError } from '../../shared/msg-error';

export interface GatewayHostOptions {
  /** The data folder: config.json, and the paired chats file. */
  home: string;
  /** Read at each (re)start: PARAGENTS_TELEGRAM_TOKEN (the desktop app adds its keychain's copy to this object). */
  env: Readonly<Record<string, string | undefined>>;
  tokens: TokenStore;
  log: GatewayLog;
  clock?: () => number;
  /** Long polling and backoff figures (tests shorten them). */
  telegram?: Pick<TelegramAdapterOptions, 'pollSeconds' | 'backoffMs'>;
}

/** The gateways of one engine, held by the process that holds the engine (the desktop app, `paragents serve`). */
export interface GatewayHost {
  /** The gateway.* requests: give them to the engine (`EngineOptions.gateway`), so every client reaches them. */
  readonly handlers: GatewayHandlers;
  /** Starts the gateways on the engine: once per engine. */
  start(engine: GatewayEngine): void;
  /** Stops them (before the engine closes). */
  stop(): Promise<void>;
}

const DEFAULT_NOTIFY: TelegramNotify = { turnCompleted: true, turnFailed: true, conflict: true, idle: false };

/**
 * Builds the gateway host. Telegram is the one gateway now; it runs when a token is set, and restarts when a new
 * one is set through `gateway.setToken`. The token is never logged, sent back or put into an event.
 */
export function createGatewayHost(o: GatewayHostOptions): GatewayHost {
  const clock = o.clock ?? Date.now;
  const log: GatewayLog = (line) => o.log(line);
  const chats = new PairedChats(o.home, 'telegram', log);
  const codes = new PairCodes(clock);
  let engine: GatewayEngine | null = null;
  let running: { gateway: MessengerGateway; adapter: MessengerAdapter } | null = null;
  let settingsProblem: AppError | null = null;
  let restarting: Promise<void> = Promise.resolve();
  // The messages' language: PARAGENTS_LANG, else config.json's language, else the locale. Read at each start, and
  // followed when the engine says the setting changed, so the next message after a switch is in the new language.
  const readLang = (): Lang => resolveLang(o.env, readLanguage(o.home, o.env).setting);
  let lang: Lang = 'en';
  let offLanguage: (() => void) | null = null;

  const settings = (): Result<TelegramSettings> => readTelegramSettings(o.home, o.env);
  // Re-read at each notification: turning one off in config.json takes effect without a restart.
  const notify = (): TelegramNotify => {
    const s = settings();
    return s.ok ? s.value.notify : DEFAULT_NOTIFY;
  };

  const launch = async (): Promise<void> => {
    if (!engine) return;
    const s = settings();
    settingsProblem = s.ok ? null : s.error;
    if (!s.ok || s.value.token === null) return;
    // grammY loads once a token is set, not with every engine: most never run a gateway.
    const { createTelegramAdapter } = await import('./telegram/adapter');
    if (!engine) return;
    const adapter = createTelegramAdapter({ token: s.value.token, apiRoot: s.value.apiRoot, log, ...o.telegram });
    lang = readLang();
    const gateway = createMessengerGateway({ engine, adapter, chats, codes, notify, log, clock, lang: () => lang });
    running = { gateway, adapter };
    gateway.start();
  };

  const halt = async (): Promise<void> => {
    const was = running;
    running = null;
    await was?.gateway.stop();
  };

  /** Why it is not connected: the settings first, then the connection; its sentence as data when it has one. */
  const problemOf = (settingsError: AppError | null, state: AdapterState | null): Pick<GatewayStatus, 'problem' | 'problemMsg'> => {
    if (settingsError) return { problem: settingsError.message, ...(settingsError.msg ? { problemMsg: settingsError.msg } : {}) };
    return { problem: state?.problem ?? null, ...(state?.problemMsg ? { problemMsg: state.problemMsg } : {}) };
  };

  const status = (): GatewayStatus => {
    const s = settings();
    const state = running?.adapter.state() ?? null;
    const source = s.ok ? s.value.tokenSource : null;
    return {
      gateway: 'telegram',
      tokenSet: s.ok && s.value.token !== null,
      tokenSource: source === 'env' && o.tokens.holdsEnvToken() ? o.tokens.kind : source,
      connection: state?.connection ?? 'off',
      ...problemOf(settingsProblem ?? (s.ok ? null : s.error), state),
      bot: state?.bot ?? null,
      apiRoot: s.ok ? s.value.apiRoot : TELEGRAM_API_ROOT,
      pairCode: codes.view(),
      chats: chats.list(),
    };
  };

  const handlers: GatewayHandlers = {
    'gateway.status': () => ok(status()),
    'gateway.pairCode': () => ok(codes.issue()),
    'gateway.unpair': async ({ chatId }) => {
      if (!chats.has(chatId)) return err('not_found', msg('engineErrors.gateway.noChat', { chat: chatId }));
      await running?.gateway.sayUnpaired(chatId);
      chats.remove(chatId);
      return ok(status());
    },
    'gateway.setToken': async ({ token }) => {
      // Checked here too: an in-process caller does not pass through the transports' validation.
      if (token !== null && !TelegramToken.safeParse(token).success) return err('invalid_input', msg('engineErrors.gateway.badToken'));
      const saved = await o.tokens.save(token);
      if (!saved.ok) return saved;
      // One restart at a time: two quick saves end with the last token running.
      restarting = restarting.then(async () => {
        await halt();
        await launch();
      });
      await restarting;
      return ok(status());
    },
  };

  return {
    handlers,
    start(e) {
      if (engine) throw new MsgError(msg('engineErrors.gateway.alreadyRunning'));
      engine = e;
      offLanguage = e.onEvent((event) => {
        if (event.type === 'language_changed') lang = resolveLang(o.env, event.setting);
      });
      // Through the same chain as a new token, so `stop` waits for a start still loading its client.
      restarting = restarting.then(launch).catch((e: unknown) => log(`[paragents] the Telegram gateway could not start: ${e instanceof Error ? e.message : String(e)}`));
    },
    async stop() {
      offLanguage?.();
      offLanguage = null;
      await restarting;
      await halt();
      engine = null;
    },
  };
}
