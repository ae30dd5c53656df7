import { createConfigFileCache, loadConfig, type ConfigFileCache, type Env, type LoadedConfig } from '../../config';
import type { Result } from '../../../../shared/result';

/** config.json as the engine reads it: again at every turn and request, parsed again only when the file changed. */
export interface EngineConfig {
  cache: ConfigFileCache;
  /** The file as it was at start-up: the concurrency and the auto-resume window are taken from it once. */
  initial: Result<LoadedConfig>;
  /** The file now. */
  load: () => Result<LoadedConfig>;
}

export function openConfig(home: string, env: Env): EngineConfig {
  const cache = createConfigFileCache();
  const load = (): Result<LoadedConfig> => loadConfig({ home, env, cache });
  return { cache, initial: load(), load };
}
