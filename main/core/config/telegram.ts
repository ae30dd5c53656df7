import { TelegramNotify, type TelegramConfig } from '../../../shared/config';
import type { GatewayTokenSource } from '../../../shared/gateway';
import { ok, type Result } from '../../../shared/result';
import { configPath, readConfigFile } from './load';
import { saveConfig } from './save';
import type { Env } from './types';

/** The variable a bot token may come from instead of config.json (the desktop app puts its keychain's copy there). */
export const TELEGRAM_TOKEN_ENV = 'PARAGENTS_TELEGRAM_TOKEN';
export const TELEGRAM_API_ROOT = 'https://api.telegram.org';

/** The Telegram gateway's settings as it uses them: the token resolved, the defaults applied. */
export interface TelegramSettings {
  token: string | null;
  /** `env` for PARAGENTS_TELEGRAM_TOKEN (the host may know better: the desktop app's keychain fills that variable). */
  tokenSource: GatewayTokenSource | null;
  apiRoot: string;
  notify: TelegramNotify;
}

/** `telegram` of config.json with PARAGENTS_TELEGRAM_TOKEN applied; works without any model provider configured. */
export function readTelegramSettings(home: string, env: Env): Result<TelegramSettings> {
  const file = readConfigFile(configPath(home));
  if (!file.ok) return file;
  const t: TelegramConfig = file.value.telegram ?? {};
  const fromEnv = env[TELEGRAM_TOKEN_ENV];
  const token = fromEnv !== undefined && fromEnv !== '' ? fromEnv : (t.token ?? null);
  return ok({
    token,
    tokenSource: fromEnv !== undefined && fromEnv !== '' ? 'env' : t.token !== undefined ? 'config' : null,
    apiRoot: (t.apiRoot ?? TELEGRAM_API_ROOT).replace(/\/+$/, ''),
    notify: TelegramNotify.parse(t.notify ?? {}),
  });
}

/** Writes (or with null removes) `telegram.token` in config.json, which is kept at mode 0600 like API keys. */
export function saveTelegramToken(home: string, token: string | null): Result<string> {
  const file = readConfigFile(configPath(home));
  if (!file.ok) return file;
  const { token: _old, ...telegram } = file.value.telegram ?? {};
  const next = { ...telegram, ...(token !== null ? { token } : {}) };
  return saveConfig(home, { ...file.value, telegram: next });
}
