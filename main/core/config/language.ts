import type { LanguageState } from '../../../shared/config';
import { langFromTag, readLanguageSetting, type LanguageSetting } from '../../../shared/i18n/lang';
import { ok, type Result } from '../../../shared/result';
import { configPath, readConfigFile } from './load';
import { saveConfig } from './save';
import type { Env } from './types';

/**
 * config.json's `language` as written, with PARAGENTS_LANG (which wins over it) and the problem when the value is
 * not a setting. A file that cannot be read at all leaves the system's language, with that file's own problem.
 */
export function readLanguage(home: string, env: Env): LanguageState {
  const path = configPath(home);
  const override = langFromTag(env.PARAGENTS_LANG);
  const file = readConfigFile(path);
  if (!file.ok) return { setting: 'system', override, problem: file.error.message, ...(file.error.msg ? { problemMsg: file.error.msg } : {}) };
  return { override, ...readLanguageSetting(path, file.value.language) };
}

/**
 * Writes `language` into config.json, the other settings kept as written; `system` removes it, since following
 * the system is what an absent setting means.
 */
export function saveLanguage(home: string, setting: LanguageSetting): Result<string> {
  const file = readConfigFile(configPath(home));
  if (!file.ok) return file;
  const { language: _old, ...rest } = file.value;
  return saveConfig(home, setting === 'system' ? rest : { ...rest, language: setting });
}

/** The language state after a save, or the save's error. */
export function setLanguage(home: string, env: Env, setting: LanguageSetting): Result<LanguageState> {
  const saved = saveLanguage(home, setting);
  return saved.ok ? ok(readLanguage(home, env)) : saved;
}
