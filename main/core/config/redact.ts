import type { RedactedConfig, TelegramConfig } from '../../../shared/config';
import type { LoadedConfig } from './types';

/** What the UI may see: every setting except key material, plus whether each provider has a usable key. */
export function redactConfig(loaded: LoadedConfig): RedactedConfig {
  const keyed = new Set(loaded.providers.filter((p) => p.apiKey !== null).map((p) => p.name));
  const { providers, telegram, ...rest } = loaded.config;
  return {
    ...rest,
    ...(telegram !== undefined ? { telegram: redactTelegram(telegram) } : {}),
    // Built field by field (not spread) so a key can never ride along if ProviderConfig grows.
    providers: providers.map((p) => ({
      name: p.name,
      baseURL: p.baseURL,
      model: p.model,
      ...(p.apiKeyEnv !== undefined ? { apiKeyEnv: p.apiKeyEnv } : {}),
      ...(p.headers !== undefined ? { headers: redactHeaders(p.headers) } : {}),
      ...(p.contextWindow !== undefined ? { contextWindow: p.contextWindow } : {}),
      ...(p.maxOutputTokens !== undefined ? { maxOutputTokens: p.maxOutputTokens } : {}),
      ...(p.promptFamily !== undefined ? { promptFamily: p.promptFamily } : {}),
      ...(p.editTool !== undefined ? { editTool: p.editTool } : {}),
      ...(p.vision !== undefined ? { vision: p.vision } : {}),
      ...(p.reasoningEffort !== undefined ? { reasoningEffort: p.reasoningEffort } : {}),
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

/** The bot token stays in the file; the UI learns only whether it is there. */
function redactTelegram(t: TelegramConfig): NonNullable<RedactedConfig['telegram']> {
  return {
    ...(t.apiRoot !== undefined ? { apiRoot: t.apiRoot } : {}),
    ...(t.notify !== undefined ? { notify: t.notify } : {}),
    tokenSet: t.token !== undefined,
  };
}
