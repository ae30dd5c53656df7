import { msg } from '../../../../shared/i18n/message';
import { err, ok } from '../../../../shared/result';
import type { LoadedConfig } from '../../config';
import { createModelClient } from '../../model/client';
import type { ModelClient } from '../../model/types';
import type { TurnDeps } from '../turn-context';
import type { EngineConfig } from './config';

/** The model client follows the config file: re-read at each turn, rebuilt only when it changed. */
export function modelSource(config: EngineConfig): TurnDeps['model'] {
  let cached: { key: string; loaded: LoadedConfig; client: ModelClient } | null = null;
  return () => {
    const loaded = config.load();
    if (!loaded.ok) return loaded;
    const key = JSON.stringify(loaded.value.providers) + JSON.stringify(loaded.value.config);
    if (!cached || cached.key !== key) cached = { key, loaded: loaded.value, client: createModelClient(loaded.value) };
    const provider = loaded.value.providers[0];
    if (!provider) return err('config', msg('notices.request.noProvider', { file: loaded.value.path }));
    return ok({ client: cached.client, maxSteps: loaded.value.config.maxSteps, provider, providers: loaded.value.configured ?? loaded.value.providers, config: loaded.value.config });
  };
}
