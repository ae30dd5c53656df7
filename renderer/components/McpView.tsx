import { useEffect, useState } from 'react';
import type { McpOverview, McpServerView, McpToolHints } from '../../shared';
import { shownError, shownText, type Msg } from '../../shared/i18n';
import { useLang, useT, type T } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';

function hintWords(t: T, h: McpToolHints | null): string {
  if (!h) return '';
  return [h.readOnlyHint ? t('mcp.hint.readOnly') : null, h.destructiveHint ? t('mcp.hint.destructive') : null, h.openWorldHint ? t('mcp.hint.openWorld') : null]
    .filter((w) => w !== null)
    .join(', ');
}

/** What a person reads as the server's state: why it does not run, or how its process is doing. */
function stateText(t: T, s: McpServerView): string {
  switch (s.standing) {
    case 'usable':
      return t(`mcp.state.${s.state}`) + (s.pid !== null ? t('mcp.state.pid', { pid: s.pid }) : '');
    case 'disabled':
    case 'needs_approval':
    case 'untrusted':
    case 'refused':
    case 'invalid':
    case 'shadowed':
      return t(`mcp.state.${s.standing}`);
    default: {
      const never: never = s.standing;
      return never;
    }
  }
}

const serverKey = (s: McpServerView): string => `${s.scope}:${s.workspace ?? ''}:${s.name}`;

function ServerRow({ server, act }: { server: McpServerView; act: (what: 'restart' | 'toggle' | 'approve', s: McpServerView) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const lang = useLang();
  const run = async (what: 'restart' | 'toggle' | 'approve') => {
    setBusy(true);
    await act(what, server);
    setBusy(false);
  };
  const label = `${server.name}${server.workspace ? ` (${server.workspace})` : ''}`;
  return (
    <section className="mcp-server" aria-label={t('mcp.serverLabel', { label })}>
      <h3>
        {server.name} <span className="meta">{server.scope === 'project' ? t('mcp.scopeProject', { workspace: server.workspace ?? '' }) : t('mcp.scopeUser')}</span>
      </h3>
      <p>
        <span className={`mcp-state mcp-state-${server.standing === 'usable' ? server.state : server.standing}`}>{stateText(t, server)}</span>
        {server.reason ? <span className="meta"> — {shownText(lang, server.reason, server.reasonMsg)}</span> : null}
      </p>
      <p className="meta">
        <code>{server.launch}</code> · <code>{server.file}</code>
      </p>
      {server.error ? <p className="form-error">{shownText(lang, server.error, server.errorMsg)}</p> : null}
      {server.state === 'failed' && server.stderr.length > 0 ? (
        <pre className="mcp-stderr" aria-label={t('mcp.stderrLabel', { name: server.name })}>
          {server.stderr.slice(-10).join('\n')}
        </pre>
      ) : null}
      <div className="approval-buttons">
        {server.standing === 'needs_approval' ? (
          <button type="button" className="primary" disabled={busy} onClick={() => void run('approve')}>
            {t('mcp.approve')}
          </button>
        ) : null}
        <button type="button" disabled={busy || server.standing !== 'usable'} onClick={() => void run('restart')}>
          {t('mcp.restart')}
        </button>
        <button type="button" disabled={busy} onClick={() => void run('toggle')}>
          {server.enabled ? t('mcp.turnOff') : t('mcp.turnOn')}
        </button>
      </div>
      {server.tools.length > 0 ? (
        <details>
          <summary>{t('mcp.tools', { count: server.tools.length })}</summary>
          <ul className="mcp-tools">
            {server.tools.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code>
                {hintWords(t, tool.hints) ? <span className="meta"> [{hintWords(t, tool.hints)}]</span> : null} {tool.description.split('\n')[0]}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="meta">
        {t('mcp.usedBy')}{' '}
        {server.sessions.length > 0 ? server.sessions.map((s) => s.name ?? s.ref).join(', ') : t('mcp.noSessionYet')}
      </p>
    </section>
  );
}

/** /mcp: the MCP servers of the user and of the open sessions' workspaces, with state, tools and users; restart, turn off, approve. */
export function McpView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [overview, setOverview] = useState<McpOverview | null>(null);
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const [version, setVersion] = useState(0);

  // A server's state changes outside this view (sessions start servers, they crash, go idle): read the list again.
  useEffect(() => api.onEvent((e) => {
    if (e.type === 'mcp_server_state') setVersion((v) => v + 1);
  }), [api]);

  useEffect(() => {
    let live = true;
    void api['mcp.list']({}).then((r) => {
      if (!live) return;
      setOverview(r.ok ? r.value : null);
      setError(r.ok ? null : r.error);
    });
    return () => {
      live = false;
    };
  }, [api, version]);

  const act = async (what: 'restart' | 'toggle' | 'approve', s: McpServerView) => {
    const ref = { server: s.name, ...(s.workspace ? { workspace: s.workspace } : {}) };
    const r =
      what === 'restart'
        ? await api['mcp.restart'](ref)
        : what === 'toggle'
          ? await api['mcp.setEnabled']({ ...ref, enabled: !s.enabled })
          : await api['mcp.approve']({ ...ref, approved: true });
    setError(r.ok ? null : r.error);
    setVersion((v) => v + 1);
  };

  return (
    <section className="overlay-view" aria-label={t('mcp.label')}>
      <header className="overlay-header">
        <h2>{t('mcp.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      {error ? <p className="form-error">{shownError(lang, error)}</p> : null}
      {overview && overview.servers.length === 0 ? (
        <p className="meta">{t('mcp.none')}</p>
      ) : null}
      {overview?.servers.map((s) => <ServerRow key={serverKey(s)} server={s} act={act} />)}
      {overview && overview.problems.length > 0 ? (
        <>
          <h3>{t('mcp.problems')}</h3>
          <ul>
            {overview.problems.map((p) => (
              <li key={p.message} className="form-error">
                {shownText(lang, p.message, p.msg)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
