import { readFileSync } from 'node:fs';
import { RuntimeConfig, TelegramNotify, type TelegramConfig } from '../../../shared/config';
import type { GatewayTokenSource } from '../../../shared/gateway';
import { err, ok, type Result } from '../../../shared/result';
import { describeIssues } from './issues';
import { describeJsonError } from './json-error';
import { configPath } from './load';
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

/** config.json as written (no environment applied); a missing file is an empty config. */
function readFileConfig(home: string): Result<RuntimeConfig> {
  const path = configPath(home);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(RuntimeConfig.parse({}));
    return err('config', `${path}: cannot read: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return err('config', `${path}: ${describeJsonError(text, error)}`);
  }
  const parsed = RuntimeConfig.safeParse(raw);
  return parsed.success ? ok(parsed.data) : err('config', describeIssues(path, parsed.error));
}

/** `telegram` of config.json with PARAGENTS_TELEGRAM_TOKEN applied; works without any model provider configured. */
export function readTelegramSettings(home: string, env: Env): Result<TelegramSettings> {
  const file = readFileConfig(home);
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
  const file = readFileConfig(home);
  if (!file.ok) return file;
  const { token: _old, ...telegram } = file.value.telegram ?? {};
  const next = { ...telegram, ...(token !== null ? { token } : {}) };
  return saveConfig(home, { ...file.value, telegram: next });
}
