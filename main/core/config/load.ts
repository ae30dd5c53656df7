import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RuntimeConfig } from '../../../shared/config';
import { FileCache } from '../file-cache';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { describeIssues } from './issues';
import { describeJsonError } from './json-error';
import { resolveProviders } from './resolve';
import type { Env, LoadedConfig } from './types';

export const CONFIG_FILE = 'config.json';

export function configPath(home: string): string {
  return join(home, CONFIG_FILE);
}

/** Reads the file; a missing file is not an error (env vars alone can configure a provider). */
export function readConfigFile(path: string): Result<RuntimeConfig> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(RuntimeConfig.parse({}));
    return err('config', msg('notices.mcpConfig.inFile', { file: path, message: msg('notices.settings.cannotRead', { error: (error as Error).message }) }));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return err('config', msg('notices.mcpConfig.inFile', { file: path, message: describeJsonError(text, error) }));
  }
  const parsed = RuntimeConfig.safeParse(raw);
  if (!parsed.success) return err('config', describeIssues(path, parsed.error));
  return ok(parsed.data);
}

/**
 * config.json as last parsed, per file: the engine reads its config at every turn, and with a cache the file is
 * read and parsed again only when it changed. One per engine, made by its composition root.
 */
export type ConfigFileCache = FileCache<Result<RuntimeConfig>>;

export function createConfigFileCache(): ConfigFileCache {
  return new FileCache<Result<RuntimeConfig>>(16);
}

/**
 * Loads `<home>/config.json`, applies the environment (OPENAI_BASE_URL, OPENAI_API_KEY, PARAGENTS_MODEL) and
 * resolves keys. Every error names the file (or variable), the setting and what is wrong. Without `cache` the file
 * is read every time (a command that loads it once).
 */
export function loadConfig({ home, env, cache }: { home: string; env: Env; cache?: ConfigFileCache }): Result<LoadedConfig> {
  const path = configPath(home);
  const file = cache ? cache.get(path, () => readConfigFile(path)) : readConfigFile(path);
  if (!file.ok) return file;
  // Resolving fills in the file's config (providers from the environment) on a copy it makes, so the kept one
  // stays as read.
  const resolution = resolveProviders(path, file.value, env);
  if (!resolution.ok) return resolution;
  return ok({ path, home, ...resolution.value });
}
