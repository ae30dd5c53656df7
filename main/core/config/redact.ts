import type { RedactedConfig } from '../../../shared/config';
import type { LoadedConfig } from './types';

/** What the UI may see: every setting except key material, plus whether each provider has a usable key. */
export function redactConfig(loaded: LoadedConfig): RedactedConfig {
  const keyed = new Set(loaded.providers.filter((p) => p.apiKey !== null).map((p) => p.name));
  const { providers, ...rest } = loaded.config;
  return {
    ...rest,
    // Built field by field (not spread) so a key can never ride along if ProviderConfig grows.
    providers: providers.map((p) => ({
      name: p.name,
      baseURL: p.baseURL,
      model: p.model,
      ...(p.apiKeyEnv !== undefined ? { apiKeyEnv: p.apiKeyEnv } : {}),
      ...(p.headers !== undefined ? { headers: redactHeaders(p.headers) } : {}),
      ...(p.contextWindow !== undefined ? { contextWindow: p.contextWindow } : {}),
      ...(p.maxOutputTokens !== undefined ? { maxOutputTokens: p.maxOutputTokens } : {}),
      apiKeySet: keyed.has(p.name) || (p.apiKey !== undefined && p.apiKey !== ''),
    })),
    path: loaded.path,
    home: loaded.home,
  };
}

// Custom headers are often where keys hide (x-api-key, Authorization for proxies).
const SECRET_HEADER = /auth|key|token|secret|cookie|session/i;

function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, SECRET_HEADER.test(k) ? '(redacted)' : v]));
}
