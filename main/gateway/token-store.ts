import { saveTelegramToken, TELEGRAM_TOKEN_ENV } from '../core/config';
import { ok, type Result } from '../../shared/result';

/** Where a host keeps the bot token: config.json (0600) for the command line and `serve`, the keychain for the desktop app. */
export interface TokenStore {
  readonly kind: 'config' | 'keychain';
  /** Stores the token, or removes it (null). */
  save(token: string | null): Promise<Result<null>>;
  /** True when this store holds the token the environment variable carries (the desktop app's keychain fills it). */
  holdsEnvToken(): boolean;
}

/** `telegram.token` in config.json, written with mode 0600 like API keys. */
export function configTokenStore(home: string): TokenStore {
  return {
    kind: 'config',
    async save(token) {
      const saved = saveTelegramToken(home, token);
      return saved.ok ? ok(null) : saved;
    },
    holdsEnvToken: () => false,
  };
}

/** What the desktop app's key vault offers (main/electron/key-vault.ts): encrypted values under variable names. */
export interface NamedSecrets {
  names(): string[];
  set(name: string, value: string): Promise<Result<null>>;
  remove(name: string): Result<null>;
}

/**
 * The desktop app's keychain: the token is encrypted under PARAGENTS_TELEGRAM_TOKEN, and put into the engine's
 * environment object (kept by reference), where the gateway reads it, as the app does with API keys.
 */
export function keychainTokenStore(vault: NamedSecrets, env: Record<string, string | undefined>): TokenStore {
  return {
    kind: 'keychain',
    async save(token) {
      if (token === null) {
        if (vault.names().includes(TELEGRAM_TOKEN_ENV)) {
          const removed = vault.remove(TELEGRAM_TOKEN_ENV);
          if (!removed.ok) return removed;
        }
        delete env[TELEGRAM_TOKEN_ENV];
        return ok(null);
      }
      const stored = await vault.set(TELEGRAM_TOKEN_ENV, token);
      if (!stored.ok) return stored;
      env[TELEGRAM_TOKEN_ENV] = token;
      return ok(null);
    },
    holdsEnvToken: () => vault.names().includes(TELEGRAM_TOKEN_ENV),
  };
}
