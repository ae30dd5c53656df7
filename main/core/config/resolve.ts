import { z } from 'zod';
import type { ProviderConfig, RuntimeConfig } from '../../../shared/config';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import type { Env, ResolvedProvider } from './types';

export const ENV_PROVIDER = 'env';
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface Resolution {
  config: RuntimeConfig;
  providers: ResolvedProvider[];
  /** Every provider of the file in its order (the ones a session may pick with /model), resolved the same way. */
  configured: ResolvedProvider[];
  envApplied: string[];
}

const Url = z.string().url();
/** Answers kept per URL: the config is resolved several times per model step, and zod's URL check is its largest cost. */
const checkedUrls = new Map<string, boolean>();
const CHECKED_URLS_MAX = 64;
function isHttpUrl(value: string): boolean {
  let answer = checkedUrls.get(value);
  if (answer === undefined) {
    answer = /^https?:\/\//i.test(value) && Url.safeParse(value).success;
    if (checkedUrls.size >= CHECKED_URLS_MAX) checkedUrls.clear();
    checkedUrls.set(value, answer);
  }
  return answer;
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

function resolveKey(provider: ProviderConfig, env: Env, isDefault: boolean): string | null {
  // A key written for this provider wins over a general OPENAI_API_KEY that may be meant for another endpoint.
  return (
    nonEmpty(provider.apiKey) ??
    (provider.apiKeyEnv ? nonEmpty(env[provider.apiKeyEnv]) : undefined) ??
    (isDefault ? nonEmpty(env.OPENAI_API_KEY) : undefined) ??
    null
  );
}

function resolved(provider: ProviderConfig, env: Env, isDefault: boolean): ResolvedProvider {
  return {
    name: provider.name,
    baseURL: provider.baseURL,
    model: provider.model,
    apiKey: resolveKey(provider, env, isDefault),
    apiKeyEnv: provider.apiKeyEnv ?? (isDefault ? 'OPENAI_API_KEY' : null),
    headers: { ...provider.headers },
    ...(provider.contextWindow !== undefined ? { contextWindow: provider.contextWindow } : {}),
    ...(provider.maxOutputTokens !== undefined ? { maxOutputTokens: provider.maxOutputTokens } : {}),
    ...(provider.promptFamily !== undefined ? { promptFamily: provider.promptFamily } : {}),
    ...(provider.editTool !== undefined ? { editTool: provider.editTool } : {}),
    ...(provider.vision !== undefined ? { vision: provider.vision } : {}),
    ...(provider.reasoningEffort !== undefined ? { reasoningEffort: provider.reasoningEffort } : {}),
  };
}

/** A window set in the file must leave room for the answer, or no request could ever be sized. */
function checkAnswerRoom(file: string, config: RuntimeConfig): Result<null> {
  for (const [i, p] of config.providers.entries()) {
    if (p.contextWindow === undefined) continue;
    const reserve = p.maxOutputTokens ?? config.maxOutputTokens;
    if (reserve >= p.contextWindow) {
      const setting = p.maxOutputTokens !== undefined ? `providers[${i}].maxOutputTokens` : 'maxOutputTokens';
      return err('config', msg('engineErrors.config.noAnswerRoom', { file, setting, reserve, index: i, window: p.contextWindow }));
    }
  }
  return ok(null);
}

/**
 * Applies OPENAI_BASE_URL / PARAGENTS_MODEL to the default provider (or synthesises an "env" provider when the
 * file has none), checks that provider names referenced by defaultProvider/fallback exist, and orders the
 * providers default-first for the model client.
 */
export function resolveProviders(file: string, fileConfig: RuntimeConfig, env: Env): Result<Resolution> {
  const config: RuntimeConfig = structuredClone(fileConfig);
  const envApplied: string[] = [];
  const baseURL = nonEmpty(env.OPENAI_BASE_URL);
  const model = nonEmpty(env.PARAGENTS_MODEL);
  if (baseURL !== undefined && !isHttpUrl(baseURL)) {
    return err('config', msg('engineErrors.config.envBaseUrl', { url: baseURL }));
  }
  // "localhost:1234/v1" is a valid URL (scheme "localhost:") but never a usable endpoint.
  const badScheme = config.providers.findIndex((p) => !isHttpUrl(p.baseURL));
  if (badScheme >= 0) {
    return err('config', msg('engineErrors.config.badScheme', { file, index: badScheme, url: String(config.providers[badScheme]?.baseURL) }));
  }

  const room = checkAnswerRoom(file, config);
  if (!room.ok) return room;

  if (config.providers.length === 0) {
    if (model === undefined) {
      return err('config', msg('engineErrors.config.noProviderConfigured', { file }));
    }
    config.providers = [{ name: ENV_PROVIDER, baseURL: baseURL ?? OPENAI_DEFAULT_BASE_URL, model, apiKeyEnv: 'OPENAI_API_KEY' }];
    config.defaultProvider = ENV_PROVIDER;
    envApplied.push('PARAGENTS_MODEL');
    if (baseURL !== undefined) envApplied.push('OPENAI_BASE_URL');
  }

  const names = config.providers.map((p) => p.name);
  const byName = (name: string): ProviderConfig | undefined => config.providers.find((p) => p.name === name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) return err('config', msg('notices.request.providerTwice', { file, name: duplicate }));

  const defaultName = config.defaultProvider ?? names[0];
  const defaultProvider = defaultName === undefined ? undefined : byName(defaultName);
  if (!defaultProvider) {
    return err('config', msg('engineErrors.config.noDefaultProvider', { file, name: String(defaultName), names: names.join(', ') }));
  }
  for (const [i, name] of config.fallback.entries()) {
    if (!byName(name)) return err('config', msg('engineErrors.config.noFallbackProvider', { file, index: i, name, names: names.join(', ') }));
  }

  if (defaultProvider.name !== ENV_PROVIDER || !envApplied.includes('PARAGENTS_MODEL')) {
    if (baseURL !== undefined) {
      defaultProvider.baseURL = baseURL;
      envApplied.push('OPENAI_BASE_URL');
    }
    if (model !== undefined) {
      defaultProvider.model = model;
      envApplied.push('PARAGENTS_MODEL');
    }
  }

  const order = [defaultProvider, ...config.fallback.map((name) => byName(name) as ProviderConfig)];
  const providers = order
    .filter((p, i) => order.findIndex((q) => q.name === p.name) === i)
    .map((p) => resolved(p, env, p === defaultProvider));
  const configured = config.providers.map((p) => providers.find((q) => q.name === p.name) ?? resolved(p, env, false));
  return ok({ config, providers, configured, envApplied });
}
