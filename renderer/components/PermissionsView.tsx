import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ToolName } from '../../shared';
import { shownError, shownText } from '../../shared/i18n';
import type { AppError } from '../../shared/result';
import type { PolicyDecision, RequestOutput } from '../../shared';
import { decisionText } from '../format/decision-text';
import { isRecord } from '../format/tool-summary';
import { useLang, useT } from '../i18n';
import { sessionTitle } from '../store/status';
import { useActions, usePanel } from '../store/use-panel';
import { ModePicker, modeLabel } from './ModePicker';

type Rules = RequestOutput<'policy.rules'>;

/** /permissions: effective rules with their files, each session's mode, workspace trust, and "check a call". */
export function PermissionsView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const focused = usePanel((s) => s.ui.focusedSessionId);
  const sessions = usePanel(useShallow((s) => s.domain.sessionOrder.map((id) => s.domain.sessions[id]!).filter((v) => v && !v.closed)));
  const [sessionId, setSessionId] = useState(focused ?? sessions[0]?.id ?? '');
  const [rules, setRules] = useState<Rules | null>(null);
  const [rulesError, setRulesError] = useState<AppError | null>(null);
  const id = useId();

  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    if (!sessionId) return;
    void api['policy.rules']({ session: sessionId }).then((r) => {
      if (!live) return;
      setRules(r.ok ? r.value : null);
      setRulesError(r.ok ? null : r.error);
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, version]);

  const setTrust = async (workspace: string, trusted: boolean) => {
    const r = await api['workspace.trust']({ workspace, trusted });
    if (!r.ok) setRulesError(r.error);
    setVersion((v) => v + 1);
  };

  return (
    <section className="overlay-view" aria-label={t('permissions.title')}>
      <header className="overlay-header">
        <h2>{t('permissions.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      <h3>{t('permissions.modes')}</h3>
      <table className="table">
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td>
                {sessionTitle(s)} <span className="session-ref">{s.ref}</span>
              </td>
              <td className="meta">{s.workspace}</td>
              <td>
                <ModePicker label={t('permissions.modeOf', { ref: s.ref })} mode={s.mode} source={s.modeSource} onPick={(m) => void actions.setMode(s.id, m)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>
        {t('permissions.effectiveRulesFor')}{' '}
        <select aria-label={t('permissions.sessionForRules')} value={sessionId} onChange={(e) => setSessionId(e.target.value)}>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.ref} · {sessionTitle(s)}
            </option>
          ))}
        </select>
      </h3>
      {rulesError ? <p className="form-error">{shownError(lang, rulesError)}</p> : null}
      {rules ? (
        <>
          <p className="meta">
            {t('permissions.workspaceIs', {
              workspace: rules.workspace ?? '—',
              trust: rules.trusted ? t('permissions.trusted') : t('permissions.notTrusted'),
              mode: modeLabel(t, rules.mode, rules.modeSource),
            })}{' '}
            {rules.workspace ? (
              <button type="button" onClick={() => void setTrust(rules.workspace as string, !rules.trusted)}>
                {rules.trusted ? t('permissions.stopTrusting') : t('permissions.trust')}
              </button>
            ) : null}
          </p>
          {rules.workspace && !rules.trusted ? (
            <p className="meta">{t('permissions.untrustedNote')}</p>
          ) : null}
          <table className="table">
            <thead>
              <tr>
                <th>{t('permissions.rule')}</th>
                <th>{t('permissions.effect')}</th>
                <th>{t('permissions.source')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.rules.map((r, i) => (
                <tr key={`${r.rule}-${i}`}>
                  <td><code>{r.rule}</code></td>
                  <td className={`effect-${r.effect}`}>{t(`permissions.effectName.${r.effect}`)}</td>
                  <td>
                    {t(`policy.source.${r.source}`)}
                    {r.file ? <code className="meta"> {r.file}</code> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <SettingsProblems problems={rules.problems} />
        </>
      ) : null}
      <CheckCall sessionId={sessionId} labelId={id} />
    </section>
  );
}

/** Allow rules that grant nothing, then unreadable settings files and rules, each with its file. */
function SettingsProblems({ problems }: { problems: Rules['problems'] }) {
  const ineffective = problems.filter((p) => p.ineffectiveRule !== null);
  const other = problems.filter((p) => p.ineffectiveRule === null);
  const t = useT();
  const lang = useLang();
  return (
    <>
      {ineffective.length > 0 ? (
        <>
          <h3>{t('permissions.ineffectiveRules')}</h3>
          <table className="table" aria-label={t('permissions.ineffectiveRules')}>
            <thead>
              <tr>
                <th>{t('permissions.rule')}</th>
                <th>{t('permissions.whyNothing')}</th>
                <th>{t('permissions.file')}</th>
              </tr>
            </thead>
            <tbody>
              {ineffective.map((p, i) => (
                <tr key={`${p.file}-${i}`}>
                  <td><code>{p.ineffectiveRule}</code></td>
                  <td>{shownText(lang, p.message, p.msg)}</td>
                  <td><code className="meta">{p.file}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {other.length > 0 ? (
        <>
          <h3>{t('permissions.settingsProblems')}</h3>
          <ul aria-label={t('permissions.settingsProblems')}>
            {other.map((p, i) => (
              <li key={`${p.file}-${i}`}>
                <code className="meta">{p.file}</code>: {shownText(lang, p.message, p.msg)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function CheckCall({ sessionId, labelId }: { sessionId: string; labelId: string }) {
  const api = usePanel((s) => s.api);
  const t = useT();
  const lang = useLang();
  const [tool, setTool] = useState<ToolName>('Bash');
  const [arg, setArg] = useState('git status');
  const [decision, setDecision] = useState<PolicyDecision | null>(null);
  // The panel's own words (input that is not JSON), or the engine's refusal rendered from its Msg.
  const [error, setError] = useState<AppError | string | null>(null);

  const check = async () => {
    let input: Record<string, unknown>;
    if (tool === 'Bash') input = { command: arg };
    else if (arg.trim().startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(arg);
        input = isRecord(parsed) ? parsed : {};
      } catch {
        setError(t('permissions.invalidJson'));
        return;
      }
    } else input = tool === 'Glob' || tool === 'Grep' ? { pattern: arg } : tool === 'WebFetch' ? { url: arg } : { path: arg };
    const r = await api['policy.check']({ ...(sessionId ? { session: sessionId } : {}), tool, input });
    setDecision(r.ok ? r.value : null);
    setError(r.ok ? null : r.error);
  };

  return (
    <div className="check-call">
      <h3 id={`${labelId}-check`}>{t('permissions.checkCall')}</h3>
      <div className="check-row" role="group" aria-labelledby={`${labelId}-check`}>
        <select aria-label={t('permissions.tool')} value={tool} onChange={(e) => setTool(ToolName.parse(e.target.value))}>
          {ToolName.options.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
        <input aria-label={t('permissions.checkInput')} value={arg} onChange={(e) => setArg(e.target.value)} />
        <button type="button" onClick={() => void check()}>
          {t('permissions.check')}
        </button>
      </div>
      {error ? <p className="form-error">{typeof error === 'string' ? error : shownError(lang, error)}</p> : null}
      {decision ? (
        <p className={`decision decision-${decision.decision}`} role="status">
          {decisionText(decision, t)} — {shownText(lang, decision.reason, decision.reasonMsg)}
        </p>
      ) : null}
    </div>
  );
}
