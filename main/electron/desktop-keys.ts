import type { RequestHandlers } from '../../shared/api';
import { err } from '../../shared/result';
import type { KeyVault } from './key-vault';
import type { SecretStore } from './secrets';

/*
 * In the desktop app an API key typed in the setup view is not written into config.json: `config.saveProvider`
 * is intercepted, the key is encrypted into the key vault (safeStorage) under an environment-variable name,
 * and the engine is given the provider with `apiKeyEnv` pointing at that name instead of the literal key.
 * Where only the plaintext fallback exists, saving a key is refused with the reason. The engine's `env`
 * object is the one passed to createEngine; the decrypted key is added to it so the engine (which re-reads
 * its config at each turn) finds it.
 */

export const keyEnvName = (provider: string): string =>
  `PARAGENTS_KEY_${provider.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 80) || 'DEFAULT'}`;

export function withDesktopKeys(
  handlers: RequestHandlers,
  deps: { vault: KeyVault; secrets: SecretStore; env: Record<string, string | undefined> },
): RequestHandlers {
  return {
    ...handlers,
    'config.saveProvider': async (input) => {
      const { apiKey, ...provider } = input.provider;
      if (apiKey === undefined || apiKey === '') return handlers['config.saveProvider'](input);
      const availability = await deps.secrets.isAvailable();
      if (!availability.available) return err('config', `The key was not saved: ${availability.reason}`);
      const envName = keyEnvName(provider.name);
      const stored = await deps.vault.set(envName, apiKey);
      if (!stored.ok) return stored;
      deps.env[envName] = apiKey;
      return handlers['config.saveProvider']({ ...input, provider: { ...provider, apiKeyEnv: envName } });
    },
  };
}
