/*
 * API keys at rest, encrypted with the OS keyring through Electron's safeStorage. On Linux without a keyring
 * Electron falls back to `basic_text` (a hard-coded password, i.e. plaintext in practice): we refuse that and
 * say so, rather than pretend the key is protected. Keys are decrypted in main only, to hand to the engine;
 * the renderer only ever learns whether a key is set (RedactedConfig.apiKeySet).
 * The safeStorage object is passed in (structurally typed), so this runs under plain Node in tests.
 */

export type SecretAvailability = { available: true } | { available: false; reason: string };

export interface SecretStore {
  isAvailable(): Promise<SecretAvailability>;
  encrypt(plainText: string): Promise<Buffer>;
  decrypt(cipherText: Buffer): Promise<string>;
}

/** The part of Electron's `safeStorage` used here. */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
}

export const PLAINTEXT_REFUSAL =
  'No OS keyring is available (Electron selected the "basic_text" backend, which stores secrets with a ' +
  'hard-coded password), so Paragents will not store API keys. Unlock or install a keyring ' +
  '(GNOME Keyring/libsecret or KWallet), or give keys through environment variables (apiKeyEnv).';

export function createSafeStorageSecretStore(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretStore {
  async function isAvailable(): Promise<SecretAvailability> {
    if (platform === 'linux') {
      const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
      if (backend === 'basic_text') return { available: false, reason: PLAINTEXT_REFUSAL };
      if (backend === 'unknown') {
        return { available: false, reason: 'The OS keyring is not known yet (asked before the app was ready).' };
      }
    }
    const available = await safeStorage.isAsyncEncryptionAvailable();
    return available
      ? { available: true }
      : { available: false, reason: 'OS encryption (Keychain, DPAPI or the keyring) is not available.' };
  }

  async function requireAvailable(): Promise<void> {
    const availability = await isAvailable();
    if (!availability.available) throw new Error(availability.reason);
  }

  return {
    isAvailable,
    async encrypt(plainText) {
      await requireAvailable();
      return safeStorage.encryptStringAsync(plainText);
    },
    async decrypt(cipherText) {
      await requireAvailable();
      return (await safeStorage.decryptStringAsync(cipherText)).result;
    },
  };
}
