import path from 'node:path';
import type { PolicySource } from '../../../../shared/policy';

/** Managed settings: the explicit option, else PARAGENTS_MANAGED_SETTINGS, else the platform's system path. */
export function managedSettingsPath(
  explicit: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): string {
  if (explicit) return explicit;
  const fromEnv = env.PARAGENTS_MANAGED_SETTINGS;
  if (fromEnv) return fromEnv;
  if (platform === 'darwin') return '/Library/Application Support/Paragents/managed-settings.json';
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Paragents', 'managed-settings.json');
  return '/etc/paragents/managed-settings.json';
}

export interface SettingsSource {
  source: PolicySource;
  file: string;
}

export function projectLocalFile(workspace: string): string {
  return path.join(workspace, '.paragents', 'settings.local.json');
}

/** Settings files, highest precedence first (session grants come last and live in memory). */
export function settingsSources(workspace: string, home: string, managed: string): SettingsSource[] {
  return [
    { source: 'managed', file: managed },
    { source: 'local', file: projectLocalFile(workspace) },
    { source: 'project', file: path.join(workspace, '.paragents', 'settings.json') },
    { source: 'user', file: path.join(home, 'settings.json') },
  ];
}
