import type { HookStanding, HookView } from '../../shared/hooks';
import { useT, type T } from '../i18n';

/** The events whose matcher is a regular expression on tool names; the others have none to show. */
const TOOL_EVENTS: ReadonlySet<string> = new Set(['PreToolUse', 'PostToolUse']);

export const isProjectHook = (h: HookView): boolean => h.source === 'project' || h.source === 'local';

export function standingText(t: T, s: HookStanding): string {
  switch (s) {
    case 'active':
    case 'needs_approval':
    case 'untrusted':
    case 'managed_only':
      return t(`hooks.standing.${s}`);
    default: {
      const never: never = s;
      return never;
    }
  }
}

/** One configured hook: event, matcher, command line, source file and whether it runs, with approve or withdraw for project hooks. */
export function HookRow({ hook, busy, onApprove, onWithdraw }: { hook: HookView; busy: boolean; onApprove(): void; onWithdraw(): void }) {
  const t = useT();
  const matcher = hook.matcher ?? (TOOL_EVENTS.has(hook.event) ? t('hooks.anyTool') : '—');
  return (
    <tr className={`hook-row hook-${hook.standing}`}>
      <td>
        <code>{hook.event}</code>
      </td>
      <td>{hook.matcher !== null ? <code>{matcher}</code> : <span className="meta">{matcher}</span>}</td>
      <td>
        <code className="hook-command">{hook.command}</code>
        <div className="meta">{t('hooks.timeout', { seconds: hook.timeout })}</div>
      </td>
      <td>
        {t(`hooks.source.${hook.source}`)}
        <div className="meta">
          <code>{hook.file}</code>
        </div>
      </td>
      <td>
        <span className={`hook-state hook-state-${hook.standing}`}>{standingText(t, hook.standing)}</span>
        {hook.sandboxed === true ? (
          <div className="meta hook-sandboxed" title={t('hooks.sandboxedTitle')}>
            {t('hooks.sandboxed')}
          </div>
        ) : null}
      </td>
      <td>
        {hook.standing === 'needs_approval' ? (
          <button type="button" className="primary" disabled={busy} onClick={onApprove}>
            {t('hooks.approve')}
          </button>
        ) : null}
        {hook.standing === 'active' && isProjectHook(hook) ? (
          <button type="button" disabled={busy} onClick={onWithdraw}>
            {t('hooks.withdraw')}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
