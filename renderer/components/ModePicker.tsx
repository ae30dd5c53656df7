import { PermissionMode, type ModeSource } from '../../shared';
import { useT, type T } from '../i18n';

/**
 * A session's mode picker. It reads as the mode with where it came from ("acceptEdits (from user settings)",
 * "plan (chosen for this session)"); picking a mode chooses it for the session, and "Follow settings" lets the
 * session take the settings' defaultMode again.
 */
export function ModePicker(props: {
  mode: PermissionMode;
  source: ModeSource;
  onPick: (mode: PermissionMode | null) => void;
  /** The accessible name when the picker is not inside a <label>. */
  label?: string;
}) {
  const { mode, source, onPick } = props;
  const chosen = source === 'session';
  const t = useT();
  return (
    <select
      aria-label={props.label}
      value={chosen ? mode : ''}
      title={modeLabel(t, mode, source)}
      onChange={(e) => onPick(e.target.value === '' ? null : PermissionMode.parse(e.target.value))}
    >
      <option value="">{chosen ? t('mode.followSettings') : modeLabel(t, mode, source)}</option>
      {PermissionMode.options.map((m) => (
        <option key={m} value={m}>
          {chosen && m === mode ? modeLabel(t, m, source) : m}
        </option>
      ))}
    </select>
  );
}

/** "acceptEdits (from user settings)" in the panel's language; the mode's own name stays as the settings spell it. */
export function modeLabel(t: T, mode: PermissionMode, source: ModeSource): string {
  return t('mode.text', { mode, source: t(`mode.source.${source}`) });
}
