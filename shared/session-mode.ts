import { z } from 'zod';
import type { PermissionMode } from './policy';
import { msg, type Msg } from './i18n/message';

/**
 * Where a session's mode comes from: `session` when a person chose it for the session (at creation, with the
 * panel's picker or `session.setMode`); otherwise the first settings file that names a
 * `permissions.defaultMode` (`managed`, `local`, `project`, `user`), or `default` when none does.
 */
export const ModeSource = z.enum(['session', 'managed', 'local', 'project', 'user', 'default']);
export type ModeSource = z.infer<typeof ModeSource>;

/** Where a mode came from as data: "chosen for this session", "from user settings", "built in". */
export function modeSourceMsg(source: ModeSource): Msg {
  switch (source) {
    case 'session':
      return msg('notices.note.modeSession');
    case 'managed':
    case 'project':
    case 'user':
      return msg('notices.note.modeFrom', { source: msg(`notices.note.settings.${source}`) });
    case 'local':
      return msg('notices.note.modeFrom', { source: msg('notices.note.settings.local project') });
    case 'default':
      return msg('notices.note.modeBuiltIn');
    default: {
      const never: never = source;
      return never;
    }
  }
}

/** "mode: acceptEdits (from user settings)": the transcript's note of a mode change, as data. */
export function modeNoteMsg(mode: PermissionMode, source: ModeSource): Msg {
  return msg('notices.note.mode', { mode, source: modeSourceMsg(source) });
}
