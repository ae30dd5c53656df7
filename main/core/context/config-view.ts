import type { ContextWindowInfo, RedactedConfig } from '../../../shared/config';
import { redactConfig, type LoadedConfig } from '../config';
import type { WindowProvider, WindowResolver } from './window';

/**
 * The window of every provider in the config: the resolved ones (default and fallbacks, keys from the
 * environment included) as they will be called, the others as the file describes them.
 */
export function contextWindowsOf(loaded: LoadedConfig, windows: WindowResolver): Promise<ContextWindowInfo[]> {
  const resolved = new Map(loaded.providers.map((p) => [p.name, p]));
  const providers: WindowProvider[] = loaded.config.providers.map(
    (p) => resolved.get(p.name) ?? { ...p, apiKey: p.apiKey ?? null, headers: p.headers ?? {} },
  );
  return windows.describe(providers);
}

/** What `config.get` and `config show` present: the redacted config plus each provider's context window. */
export async function configViewWithWindows(loaded: LoadedConfig, windows: WindowResolver): Promise<RedactedConfig> {
  return { ...redactConfig(loaded), contextWindows: await contextWindowsOf(loaded, windows) };
}
