import { Fragment, useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { HooksOverview, HookView } from '../../shared/hooks';
import { shownError, shownText, type Msg } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { HookApproveDialog } from './HookApproveDialog';
import { HookRow, isProjectHook } from './HookRow';
import '../styles/hooks.css';

const COLUMNS = ['event', 'matcher', 'command', 'source', 'state'] as const;

/** A hook's identity across reads of the list (a read while the dialog is open keeps it open). */
const hookKey = (h: HookView): string => [h.source, h.file, h.event, h.matcher ?? '', h.command].join('\0');

/**
 * /hooks: every hook of the settings files (managed, project-local, project, user) for the workspace of an open
 * session, with whether it runs there; a project hook waiting for approval is approved here after its exact
 * command line is shown, as `paragents hooks approve` does on the command line.
 */
export function HooksView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const pickerId = useId();
  const focusedWorkspace = usePanel((s) => (s.ui.focusedSessionId ? (s.domain.sessions[s.ui.focusedSessionId]?.workspace ?? null) : null));
  const workspaces = usePanel(
    useShallow((s) => [...new Set(s.domain.sessionOrder.map((id) => s.domain.sessions[id]).filter((v) => v && !v.closed && v.workspace).map((v) => v!.workspace))]),
  );
  const [picked, setPicked] = useState<string | null>(null);
  const workspace = picked !== null && workspaces.includes(picked) ? picked : focusedWorkspace !== null && workspaces.includes(focusedWorkspace) ? focusedWorkspace : (workspaces[0] ?? null);

  const [overview, setOverview] = useState<HooksOverview | null>(null);
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const [version, setVersion] = useState(0);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The settings files and the approvals can change outside the panel (an editor, `paragents hooks approve`); a
  // hook run means they were just read again, so the list is read again too.
  useEffect(() => api.onEvent((e) => {
    if (e.type === 'hook_ran') setVersion((v) => v + 1);
  }), [api]);

  useEffect(() => {
    let live = true;
    void api['hooks.list'](workspace !== null ? { workspace } : {}).then((r) => {
      if (!live) return;
      setOverview(r.ok ? r.value : null);
      setError(r.ok ? null : r.error);
    });
    return () => {
      live = false;
    };
  }, [api, workspace, version]);

  const decide = async (hook: HookView, approved: boolean) => {
    if (overview?.workspace == null) return;
    setBusy(true);
    const r = await api['hooks.approve']({ workspace: overview.workspace, commands: [hook.command], approved });
    setBusy(false);
    setConfirming(null);
    if (r.ok) setOverview(r.value);
    setError(r.ok ? null : r.error);
  };

  const hooks = overview?.hooks ?? [];
  const waiting = hooks.filter((h) => h.standing === 'needs_approval').length;
  const untrusted = overview !== null && overview.workspace !== null && !overview.trusted && hooks.some(isProjectHook);

  return (
    <section className="overlay-view hooks-view" aria-label={t('hooks.title')}>
      <header className="overlay-header">
        <h2>{t('hooks.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      {workspaces.length > 1 ? (
        <p>
          <label htmlFor={pickerId}>{t('hooks.workspace')}</label>{' '}
          <select id={pickerId} value={workspace ?? ''} onChange={(e) => setPicked(e.target.value)}>
            {workspaces.map((w) => (
              <option key={w} value={w}>
                {w}
              </option>
            ))}
          </select>
        </p>
      ) : workspace !== null ? (
        <p className="meta">{t('hooks.workspaceIs', { workspace })}</p>
      ) : (
        <p className="meta">{t('hooks.noWorkspace')}</p>
      )}
      {error ? <p className="form-error" role="alert">{shownError(lang, error)}</p> : null}
      {untrusted ? (
        <p className="hook-notice">
          {t('hooks.untrusted')}{' '}
          <button type="button" className="link" onClick={() => actions.openOverlay('permissions')}>
            {t('hooks.openPermissions')}
          </button>
        </p>
      ) : null}
      {waiting > 0 ? <p className="hook-notice" role="status">{t('hooks.waiting', { count: waiting })}</p> : null}
      {overview && hooks.length === 0 ? <p className="meta">{t('hooks.none')}</p> : null}
      {hooks.length > 0 ? (
        <table className="table hooks-table" aria-label={overview?.workspace ? t('hooks.listLabel', { workspace: overview.workspace }) : t('hooks.listLabelUser')}>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`hooks.column.${c}`)}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {hooks.map((h, i) => (
              <Fragment key={`${i}:${h.source}:${h.event}:${h.command}`}>
                <HookRow hook={h} busy={busy} onApprove={() => setConfirming(hookKey(h))} onWithdraw={() => void decide(h, false)} />
                {confirming === hookKey(h) && overview?.workspace ? (
                  <tr>
                    <td colSpan={COLUMNS.length + 1}>
                      <HookApproveDialog hook={h} workspace={overview.workspace} busy={busy} onConfirm={() => void decide(h, true)} onCancel={() => setConfirming(null)} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      ) : null}
      {overview && overview.problems.length > 0 ? (
        <>
          <h3>{t('hooks.problems')}</h3>
          <ul>
            {overview.problems.map((p) => (
              <li key={`${p.file}:${p.message}`} className="form-error">
                <code>{p.file}</code>: {shownText(lang, p.message, p.msg)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
