import { join } from 'node:path';
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { readJsonFile, writeJsonFile } from './json-file';
import type { SecretStore } from './secrets';

/*
 * secrets.json in the data folder: API keys, encrypted by a SecretStore, keyed by the environment variable
 * a provider names in `apiKeyEnv` (e.g. OPENAI_API_KEY). At launch main decrypts them into the engine's
 * environment (a variable already set in the real environment wins). Nothing here is sent to the renderer.
 */

export const SECRETS_FILE = 'secrets.json';
export const EnvName = z.string().regex(/^[A-Z_][A-Z0-9_]{0,127}$/, 'an environment variable name such as OPENAI_API_KEY');

const VaultFile = z.object({ version: z.literal(1), keys: z.record(z.string(), z.string()) });
type VaultFile = z.infer<typeof VaultFile>;

export interface KeyVault {
  /** Names of stored keys (never the values). */
  names(): string[];
  set(name: string, value: string): Promise<Result<null>>;
  remove(name: string): Result<null>;
  /** Decrypted keys for names not already set in `env`; keys that fail to decrypt are reported, not thrown. */
  envOverlay(env: Readonly<Record<string, string | undefined>>): Promise<{ env: Record<string, string>; problems: string[] }>;
}

export function createKeyVault(home: string, secrets: SecretStore): KeyVault {
  const file = join(home, SECRETS_FILE);
  const read = (): VaultFile => readJsonFile(file, VaultFile) ?? { version: 1, keys: {} };

  return {
    names: () => Object.keys(read().keys).sort(),

    async set(name, value) {
      const parsedName = EnvName.safeParse(name);
      if (!parsedName.success) return err('invalid_input', `key name: ${parsedName.error.issues[0]?.message ?? 'invalid'}`);
      if (value.trim() === '') return err('invalid_input', 'the key is empty');
      const availability = await secrets.isAvailable();
      if (!availability.available) return err('config', availability.reason);
      const cipher = await secrets.encrypt(value);
      const vault = read();
      writeJsonFile(file, { version: 1, keys: { ...vault.keys, [name]: cipher.toString('base64') } });
      return ok(null);
    },

    remove(name) {
      const vault = read();
      if (!(name in vault.keys)) return err('not_found', `no stored key named ${name}`);
      const keys = { ...vault.keys };
      delete keys[name];
      writeJsonFile(file, { version: 1, keys });
      return ok(null);
    },

    async envOverlay(env) {
      const vault = read();
      const overlay: Record<string, string> = {};
      const problems: string[] = [];
      const wanted = Object.entries(vault.keys).filter(([name]) => env[name] === undefined || env[name] === '');
      if (wanted.length === 0) return { env: overlay, problems };
      const availability = await secrets.isAvailable();
      if (!availability.available) return { env: overlay, problems: [availability.reason] };
      for (const [name, cipher] of wanted) {
        try {
          overlay[name] = await secrets.decrypt(Buffer.from(cipher, 'base64'));
        } catch (error) {
          problems.push(`${name}: could not decrypt (${error instanceof Error ? error.message : String(error)})`);
        }
      }
      return { env: overlay, problems };
    },
  };
}
