import { configPath, readConfigFile } from '../core/config/load';
import { readLanguageSetting, resolveLang, type Lang } from '../../shared/i18n';
import type { CliIo } from './io';

// A wrong `language` is said once per data folder, not at every line that picks the language.
const warned = new Set<string>();

/**
 * The language of the command's human-readable lines: PARAGENTS_LANG, then config.json's `language` (unless
 * `system`), then LC_ALL / LC_MESSAGES / LANG. The file is read as written; when it cannot be read, the command
 * says so where it needs the config, and the language follows the environment meanwhile.
 */
export function cliLang(io: Pick<CliIo, 'env' | 'home' | 'stderr'>): Lang {
  const path = configPath(io.home);
  const file = readConfigFile(path);
  if (!file.ok) return resolveLang(io.env, 'system');
  const { setting, problem } = readLanguageSetting(path, file.value.language);
  if (problem !== null && !warned.has(path)) {
    warned.add(path);
    io.stderr(`warning: ${problem}`);
  }
  return resolveLang(io.env, setting);
}
