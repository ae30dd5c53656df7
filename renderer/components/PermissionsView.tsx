import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ToolName, modeText } from '../../shared';
import type { PolicyDecision, RequestOutput } from '../../shared';
import { decisionText, sourceLabel } from '../format/decision-text';
import { isRecord } from '../format/tool-summary';
import { sessionTitle } from '../store/status';
import { useActions, usePanel } from '../store/use-panel';
import { ModePicker } from './ModePicker';

type Rules = RequestOutput<'policy.rules'>;

/** /permissions: effective rules with their files, each session's mode, workspace trust, and "check a call". */
export function PermissionsView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const focused = usePanel((s) => s.ui.focusedSessionId);
  const sessions = usePanel(useShallow((s) => s.domain.sessionOrder.map((id) => s.domain.sessions[id]!).filter((v) => v && !v.closed)));
  const [sessionId, setSessionId] = useState(focused ?? sessions[0]?.id ?? '');
  const [rules, setRules] = useState<Rules | null>(null);
  const [rulesError, setRulesError] = useState<string | null>(null);
  const id = useId();

  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    if (!sessionId) return;
    void api['policy.rules']({ session: sessionId }).then((r) => {
      if (!live) return;
      setRules(r.ok ? r.value : null);
      setRulesError(r.ok ? null : r.error.message);
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, version]);

  const setTrust = async (workspace: string, trusted: boolean) => {
    const r = await api['workspace.trust']({ workspace, trusted });
    if (!r.ok) setRulesError(r.error.message);
    setVersion((v) => v + 1);
  };

  return (
    <section className="overlay-view" aria-label="Permissions">
      <header className="overlay-header">
        <h2>Permissions</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          Close
        </button>
      </header>
      <h3>Modes</h3>
      <table className="table">
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td>
                {sessionTitle(s)} <span className="session-ref">{s.ref}</span>
              </td>
              <td className="meta">{s.workspace}</td>
              <td>
                <ModePicker label={`Mode of ${s.ref}`} mode={s.mode} source={s.modeSource} onPick={(m) => void actions.setMode(s.id, m)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>
        Effective rules for{' '}
        <select aria-label="Session for rules" value={sessionId} onChange={(e) => setSessionId(e.target.value)}>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.ref} · {sessionTitle(s)}
            </option>
          ))}
        </select>
      </h3>
      {rulesError ? <p className="form-error">{rulesError}</p> : null}
      {rules ? (
        <>
          <p className="meta">
            Workspace {rules.workspace ?? '—'} is {rules.trusted ? 'trusted' : 'not trusted'} · mode {modeText(rules.mode, rules.modeSource)}{' '}
            {rules.workspace ? (
              <button type="button" onClick={() => void setTrust(rules.workspace as string, !rules.trusted)}>
                {rules.trusted ? 'Stop trusting this workspace' : 'Trust this workspace'}
              </button>
            ) : null}
          </p>
          {rules.workspace && !rules.trusted ? (
            <p className="meta">
              Until you trust it, this workspace&apos;s own allow rules, mode and hooks are ignored; its deny and ask
              rules apply already.
            </p>
          ) : null}
          <table className="table">
            <thead>
              <tr>
                <th>Rule</th>
                <th>Effect</th>
                <th>Source</th>
              </tr>
            </thead>
            <tbody>
              {rules.rules.map((r, i) => (
                <tr key={`${r.rule}-${i}`}>
                  <td><code>{r.rule}</code></td>
                  <td className={`effect-${r.effect}`}>{r.effect}</td>
                  <td>
                    {sourceLabel[r.source]}
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
  return (
    <>
      {ineffective.length > 0 ? (
        <>
          <h3>Ineffective rules</h3>
          <table className="table" aria-label="Ineffective rules">
            <thead>
              <tr>
                <th>Rule</th>
                <th>Why it grants nothing</th>
                <th>File</th>
              </tr>
            </thead>
            <tbody>
              {ineffective.map((p, i) => (
                <tr key={`${p.file}-${i}`}>
                  <td><code>{p.ineffectiveRule}</code></td>
                  <td>{p.message}</td>
                  <td><code className="meta">{p.file}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {other.length > 0 ? (
        <>
          <h3>Settings problems</h3>
          <ul aria-label="Settings problems">
            {other.map((p, i) => (
              <li key={`${p.file}-${i}`}>
                <code className="meta">{p.file}</code>: {p.message}
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
  const [tool, setTool] = useState<ToolName>('Bash');
  const [arg, setArg] = useState('git status');
  const [decision, setDecision] = useState<PolicyDecision | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = async () => {
    let input: Record<string, unknown>;
    if (tool === 'Bash') input = { command: arg };
    else if (arg.trim().startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(arg);
        input = isRecord(parsed) ? parsed : {};
      } catch {
        setError('input is not valid JSON');
        return;
      }
    } else input = tool === 'Glob' || tool === 'Grep' ? { pattern: arg } : tool === 'WebFetch' ? { url: arg } : { path: arg };
    const r = await api['policy.check']({ ...(sessionId ? { session: sessionId } : {}), tool, input });
    setDecision(r.ok ? r.value : null);
    setError(r.ok ? null : r.error.message);
  };

  return (
    <div className="check-call">
      <h3 id={`${labelId}-check`}>Check a call</h3>
      <div className="check-row" role="group" aria-labelledby={`${labelId}-check`}>
        <select aria-label="Tool" value={tool} onChange={(e) => setTool(ToolName.parse(e.target.value))}>
          {ToolName.options.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <input aria-label="Command, path or JSON input" value={arg} onChange={(e) => setArg(e.target.value)} />
        <button type="button" onClick={() => void check()}>
          Check
        </button>
      </div>
      {error ? <p className="form-error">{error}</p> : null}
      {decision ? (
        <p className={`decision decision-${decision.decision}`} role="status">
          {decisionText(decision)} — {decision.reason}
        </p>
      ) : null}
    </div>
  );
}
