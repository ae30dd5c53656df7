import { useEffect, useState } from 'react';
import type { SandboxStatus } from '../../shared/sandbox';
import { shownError, shownText, type Msg } from '../../shared/i18n';
import { msg } from '../../shared/i18n/message';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';

/** One labelled list of paths or hosts; "none" when it is empty. */
function PathList({ label, items }: { label: string; items: readonly string[] }) {
  const t = useT();
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {items.length === 0 ? (
          <span className="meta">{t('sandbox.view.none')}</span>
        ) : (
          <ul aria-label={label}>
            {items.map((x) => (
              <li key={x}>
                <code>{x}</code>
              </li>
            ))}
          </ul>
        )}
      </dd>
    </>
  );
}

/**
 * /sandbox: whether shell commands can be confined here (and if not, what is missing and the command installing
 * it), how confined commands are approved, the overrides, and what the focused session's commands may write,
 * read and reach. Refreshed when the sandbox refuses something, so the count stays true.
 */
export function SandboxView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const focused = usePanel((s) => s.ui.focusedSessionId);
  const [status, setStatus] = useState<SandboxStatus | null>(null);
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => api.onEvent((e) => {
    if (e.type === 'sandbox_violation' || e.type === 'sandbox_changed') setVersion((v) => v + 1);
  }), [api]);

  useEffect(() => {
    let live = true;
    void api['sandbox.status'](focused ? { session: focused } : {}).then((r) => {
      if (!live) return;
      setStatus(r.ok ? r.value : null);
      setError(r.ok ? null : r.error);
    });
    return () => {
      live = false;
    };
  }, [api, focused, version]);

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    const r = await api['sandbox.setEnabled']({ enabled });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setError(null);
    actions.log('info', msg(enabled ? 'sandbox.view.turnedOn' : 'sandbox.view.turnedOff'));
    setVersion((v) => v + 1);
  };

  return (
    <section className="overlay-view sandbox-view" aria-label={t('sandbox.view.title')}>
      <header className="overlay-header">
        <h2>{t('sandbox.view.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      {error ? <p className="form-error" role="alert">{shownError(lang, error)}</p> : null}
      {status ? (
        <>
          <h3>{t('sandbox.view.availability')}</h3>
          {status.available ? (
            <p role="status">{t('sandbox.view.available', { platform: status.platform })}</p>
          ) : (
            <div role="status">
              <p className="form-error">{shownText(lang, status.reason ?? '', status.reasonMsg)}</p>
              {status.install ? (
                <p>
                  {t('sandbox.view.install')} <code>{status.install}</code>
                </p>
              ) : null}
            </div>
          )}
          <h3>{t('sandbox.view.mode')}</h3>
          <p>
            {t(status.enabled ? 'sandbox.view.on' : 'sandbox.view.off', { source: t(`sandbox.view.source.${status.enabledSource}`) })}{' '}
            {status.enabled ? t(status.mode === 'auto-allow' ? 'sandbox.view.autoAllow' : 'sandbox.view.regular') : null}
          </p>
          {/* The button writes the user settings: where a managed or project file decides, it would change nothing. */}
          {status.enabledSource === 'user' || status.enabledSource === 'default' ? (
            <button type="button" disabled={busy || (!status.enabled && !status.available)} onClick={() => void toggle(!status.enabled)}>
              {t(status.enabled ? 'sandbox.view.turnOff' : 'sandbox.view.turnOn')}
            </button>
          ) : null}
          <h3>{t('sandbox.view.overrides')}</h3>
          <dl className="sandbox-lists">
            <dt>{t('sandbox.view.unsandboxed')}</dt>
            <dd>{t(status.allowUnsandboxedCommands ? 'sandbox.view.allowedAsking' : 'sandbox.view.refused')}</dd>
            <dt>{t('sandbox.view.failIfUnavailable')}</dt>
            <dd>{t(status.failIfUnavailable ? 'sandbox.view.refuseAll' : 'sandbox.view.normalFlow')}</dd>
            <PathList label={t('sandbox.view.excluded')} items={status.excludedCommands} />
          </dl>
          {status.workspace !== null ? (
            <>
              <h3>{t('sandbox.view.session', { workspace: status.workspace })}</h3>
              <p role="status">
                {t(status.sandboxed ? 'sandbox.view.confined' : 'sandbox.view.notConfined')} {t('sandbox.view.refusals', { count: status.violations })}
              </p>
              <dl className="sandbox-lists">
                <PathList label={t('sandbox.view.writeRoots')} items={status.writeRoots} />
                <PathList label={t('sandbox.view.denyRead')} items={status.denyRead} />
                <PathList label={t('sandbox.view.allowedDomains')} items={status.allowedDomains} />
                <PathList label={t('sandbox.view.deniedDomains')} items={status.deniedDomains} />
              </dl>
            </>
          ) : (
            <p className="meta">{t('sandbox.view.noSession')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
