import { createServer } from 'node:net';
import { RuntimeConfig } from '../../shared/config';
import type { LoadedConfig, ResolvedProvider } from '../../main/core/config/types';

export function provider(name: string, baseURL: string, extra: Partial<ResolvedProvider> = {}): ResolvedProvider {
  return { name, baseURL, model: 'scripted-model', apiKey: 'sk-test', apiKeyEnv: null, headers: {}, ...extra };
}

/** A LoadedConfig built directly, so model tests do not depend on the config loader. */
export function loaded(providers: ResolvedProvider[], settings: Partial<RuntimeConfig> = {}): LoadedConfig {
  return {
    path: '/test/config.json',
    home: '/test',
    config: RuntimeConfig.parse({ ...settings, providers: providers.map(({ name, baseURL, model }) => ({ name, baseURL, model })) }),
    providers,
    envApplied: [],
  };
}

/** A loopback port that was just free and is now closed: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Records requested delays and returns at once, so backoff can be observed without waiting. */
export function sleepSpy(): { delays: number[]; sleep: (ms: number, signal: AbortSignal) => Promise<void> } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

export const user = (content: string) => ({ role: 'user' as const, content });
