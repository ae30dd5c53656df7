import { join, win32, posix } from 'node:path';
import type { Env } from './types';

/**
 * The data folder (config.json, settings.json, paragents.db): PARAGENTS_HOME when set, else the platform's
 * conventional per-user app-data folder. Platform and home directory are parameters so every branch is testable.
 */
export function paragentsHome(env: Env, platform: NodeJS.Platform, homedir: string): string {
  const explicit = env.PARAGENTS_HOME;
  if (explicit) return explicit;
  switch (platform) {
    case 'win32':
      return win32.join(env.APPDATA || win32.join(homedir, 'AppData', 'Roaming'), 'Paragents');
    case 'darwin':
      return posix.join(homedir, 'Library', 'Application Support', 'Paragents');
    default:
      // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
      return env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/')
        ? join(env.XDG_CONFIG_HOME, 'paragents')
        : join(homedir, '.config', 'paragents');
  }
}
