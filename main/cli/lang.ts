import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLanguageSetting, render, resolveLang, type Lang } from '../../shared/i18n';
import type { CliIo } from './io';

// A wrong `language` is said once per data folder, not at every line that picks the language.
const warned = new Set<string>();

/**
 * config.json's `language` alone, read without the config schema: every command (`--help` too) picks its language
 * first, and loading the whole config reader there doubled the start-up time. A file that cannot be read or parsed
 * says nothing here (the commands that need the config report it); the language then follows the environment.
 */
function writtenLanguage(path: string): unknown {
  try {
    const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof raw === 'object' && raw !== null ? (raw as { language?: unknown }).language : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language of the command's human-readable lines: PARAGENTS_LANG, then config.json's `language` (unless
 * `system`), then LC_ALL / LC_MESSAGES / LANG.
 */
export function cliLang(io: Pick<CliIo, 'env' | 'home' | 'stderr'>): Lang {
  // The same file main/core/config reads (CONFIG_FILE there).
  const path = join(io.home, 'config.json');
  const { setting, problemMsg } = readLanguageSetting(path, writtenLanguage(path));
  const lang = resolveLang(io.env, setting);
  if (problemMsg !== undefined && !warned.has(path)) {
    warned.add(path);
    io.stderr(`warning: ${render(lang, problemMsg)}`);
  }
  return lang;
}
