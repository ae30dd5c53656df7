import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/result';
import { keyEnvName, withDesktopKeys } from '../../main/electron/desktop-keys';
import { createKeyVault, SECRETS_FILE } from '../../main/electron/key-vault';
import { createSafeStorageSecretStore, PLAINTEXT_REFUSAL, type SafeStorageLike } from '../../main/electron/secrets';
import { fakeHandlers } from './fakes';

/** A stand-in for safeStorage: "encrypts" by reversing and tagging, and reports a chosen backend. */
function fakeSafeStorage(backend: string, available = true): SafeStorageLike & { encryptStringAsync: ReturnType<typeof vi.fn> } {
  return {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: vi.fn(async (plain: string) => Buffer.from(`enc:${[...plain].reverse().join('')}`)),
    decryptStringAsync: async (buf: Buffer) => ({ result: [...buf.toString().slice(4)].reverse().join(''), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => backend,
  };
}

const provider = { name: 'OpenAI Main', baseURL: 'https://api.example.com/v1', model: 'gpt-x' };

describe('secret store', () => {
  it('refuses the Linux plaintext fallback and says why', async () => {
    const storage = fakeSafeStorage('basic_text');
    const store = createSafeStorageSecretStore(storage, 'linux');
    expect(await store.isAvailable()).toEqual({ available: false, reason: PLAINTEXT_REFUSAL });
    await expect(store.encrypt('sk-123')).rejects.toThrow(/basic_text/);
    expect(storage.encryptStringAsync).not.toHaveBeenCalled();
  });

  it('uses a real keyring on Linux and the OS store elsewhere', async () => {
    expect(await createSafeStorageSecretStore(fakeSafeStorage('gnome_libsecret'), 'linux').isAvailable()).toEqual({ available: true });
    expect(await createSafeStorageSecretStore(fakeSafeStorage('unknown'), 'darwin').isAvailable()).toEqual({ available: true });
    expect((await createSafeStorageSecretStore(fakeSafeStorage('unknown', false), 'win32').isAvailable()).available).toBe(false);
  });
});

describe('key vault', () => {
  it('stores keys encrypted, lists names only, and overlays them under the real environment', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-keys-'));
    const vault = createKeyVault(home, createSafeStorageSecretStore(fakeSafeStorage('kwallet5'), 'linux'));
    expect(await vault.set('OPENAI_API_KEY', 'sk-secret')).toEqual(ok(null));
    expect(await vault.set('ANTHROPIC', 'sk-2')).toEqual(ok(null));
    expect(readFileSync(join(home, SECRETS_FILE), 'utf8')).not.toContain('sk-secret');
    expect(vault.names()).toEqual(['ANTHROPIC', 'OPENAI_API_KEY']);
    expect(await vault.envOverlay({ ANTHROPIC: 'from-env' })).toEqual({ env: { OPENAI_API_KEY: 'sk-secret' }, problems: [] });
    expect((await vault.set('bad name', 'x')).ok).toBe(false);
    expect(vault.remove('ANTHROPIC')).toEqual(ok(null));
    expect(vault.names()).toEqual(['OPENAI_API_KEY']);
  });

  it('will not store a key without a keyring', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-keys-'));
    const vault = createKeyVault(home, createSafeStorageSecretStore(fakeSafeStorage('basic_text'), 'linux'));
    expect(await vault.set('OPENAI_API_KEY', 'sk-secret')).toEqual({ ok: false, error: { kind: 'config', message: PLAINTEXT_REFUSAL } });
    expect(vault.names()).toEqual([]);
  });
});

describe('keys saved from the setup view', () => {
  it('go to the vault, and the engine only sees an environment-variable name', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-keys-'));
    const secrets = createSafeStorageSecretStore(fakeSafeStorage('gnome_libsecret'), 'linux');
    const vault = createKeyVault(home, secrets);
    const save = vi.fn(async () => ok({ providers: [], fallback: [], concurrency: 4, maxSteps: 25, requestTimeoutMs: 120000, maxRetries: 3, path: '', home }));
    const env: Record<string, string | undefined> = {};
    const handlers = withDesktopKeys(fakeHandlers({ 'config.saveProvider': save }), { vault, secrets, env });

    expect((await handlers['config.saveProvider']({ provider: { ...provider, apiKey: 'sk-live' }, makeDefault: true })).ok).toBe(true);
    const envName = keyEnvName('OpenAI Main');
    expect(envName).toBe('PARAGENTS_KEY_OPENAI_MAIN');
    expect(save).toHaveBeenCalledWith({ provider: { ...provider, apiKeyEnv: envName }, makeDefault: true });
    expect(JSON.stringify(save.mock.calls)).not.toContain('sk-live');
    expect(env[envName]).toBe('sk-live');
    expect(vault.names()).toEqual([envName]);
  });

  it('are refused with the reason when only the plaintext fallback exists', async () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-keys-'));
    const secrets = createSafeStorageSecretStore(fakeSafeStorage('basic_text'), 'linux');
    const save = vi.fn();
    const handlers = withDesktopKeys(fakeHandlers({ 'config.saveProvider': save }), { vault: createKeyVault(home, secrets), secrets, env: {} });
    const result = await handlers['config.saveProvider']({ provider: { ...provider, apiKey: 'sk-live' } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'config' } });
    if (!result.ok) expect(result.error.message).toContain('basic_text');
    expect(save).not.toHaveBeenCalled();
    await handlers['config.saveProvider']({ provider: { ...provider, apiKeyEnv: 'OPENAI_API_KEY' } });
    expect(save).toHaveBeenCalledTimes(1);
  });
});
