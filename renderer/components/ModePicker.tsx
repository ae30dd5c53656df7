import { PermissionMode, modeText, type ModeSource } from '../../shared';

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
  return (
    <select
      aria-label={props.label}
      value={chosen ? mode : ''}
      title={modeText(mode, source)}
      onChange={(e) => onPick(e.target.value === '' ? null : PermissionMode.parse(e.target.value))}
    >
      <option value="">{chosen ? 'Follow settings' : modeText(mode, source)}</option>
      {PermissionMode.options.map((m) => (
        <option key={m} value={m}>
          {chosen && m === mode ? modeText(m, source) : m}
        </option>
      ))}
    </select>
  );
}
