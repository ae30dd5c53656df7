import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { PermissionMode, PolicySource } from '../../../shared/policy';
import type { ModeSource } from '../../../shared/session-mode';
import type { LoadedSettings, Problem } from './settings/load';

/** The mode a session works in, where it came from, and why it differs from the one asked for (or null). */
export interface EffectiveMode {
  mode: PermissionMode;
  source: ModeSource;
  note: Msg | null;
}

const isProjectSource = (s: LoadedSettings): boolean => s.source === 'local' || s.source === 'project';

/** A settings file's source as a mode source (settings files are only ever these four). */
const fileSource = (s: PolicySource): ModeSource => (s === 'managed' || s === 'local' || s === 'project' || s === 'user' ? s : 'default');

/**
 * The mode a session works in. A mode a person chose for the session wins; otherwise the first settings file
 * (managed, local, project, user; `files` in that order) whose `permissions.defaultMode` applies — a project
 * file's only in a trusted workspace, and never bypass — otherwise `default`. Managed settings that disable
 * bypass turn bypass into `default`, whoever asked for it, with a note saying so.
 */
export function resolveMode(files: readonly LoadedSettings[], trusted: boolean, chosen: PermissionMode | null): EffectiveMode {
  const managed = files.find((f) => f.source === 'managed');
  let effective: EffectiveMode = { mode: 'default', source: 'default', note: null };
  const fromFiles = files.find((f) => f.defaultMode !== null && (!isProjectSource(f) || (trusted && f.defaultMode !== 'bypass')));
  if (chosen) effective = { mode: chosen, source: 'session', note: null };
  else if (fromFiles?.defaultMode) effective = { mode: fromFiles.defaultMode, source: fileSource(fromFiles.source), note: null };
  if (effective.mode === 'bypass' && managed?.disableBypassMode) {
    effective = { mode: 'default', source: 'managed', note: msg('reasons.bypassDisabled') };
  }
  return effective;
}

/** A project file that asks for bypass: never taken, and said so in the permissions view and `policy check`. */
export function modeProblems(files: readonly LoadedSettings[]): Problem[] {
  return files
    .filter((f) => isProjectSource(f) && f.defaultMode === 'bypass')
    .map((f) => {
      const m = msg('notices.settings.bypassFromProject');
      return { file: f.file, message: english(m), msg: m };
    });
}
