import { useEffect } from 'react';
import { formatFocusHash, parseFocusHash } from '../../shared';
import { useT } from '../i18n';
import { pendingApprovalsOf } from '../store/status';
import { useActions, usePanel, usePanelStore } from '../store/use-panel';
import { ApprovalsInbox } from './ApprovalsInbox';
import { CommandLog } from './CommandLog';
import { CommandPalette } from './CommandPalette';
import { ConfigView } from './ConfigView';
import { ContextView } from './ContextView';
import { MainArea } from './MainArea';
import { NewSessionForm } from './NewSessionForm';
import { PermissionsView } from './PermissionsView';
import { McpView } from './McpView';
import { GatewaysView } from './GatewaysView';
import { MachinesView } from './MachinesView';
import { HooksView } from './HooksView';
import { SandboxView } from './SandboxView';
import { SessionList } from './SessionList';
import { SetupView } from './SetupView';
import { UsageTotals } from './UsageTotals';

/** The panel: sessions sidebar, the focused session (and grid), approvals inbox and the setup/config/permission views. */
export function App() {
  const store = usePanelStore();
  const actions = useActions();
  const t = useT();
  const api = usePanel((s) => s.api);
  const overlay = usePanel((s) => s.ui.overlay);
  const newSessionOpen = usePanel((s) => s.ui.newSessionOpen);
  const pending = usePanel((s) => pendingApprovalsOf(s.domain).length);
  const connection = usePanel((s) => s.ui.connection);
  const hydrated = usePanel((s) => s.ui.hydrated);

  // First run: no model configured yet, so the setup view comes first.
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    void api['config.get']({}).then((r) => {
      if (live && r.ok && r.value.providers.length === 0) actions.openOverlay('setup');
    });
    return () => {
      live = false;
    };
  }, [api, actions, hydrated]);

  // The location hash names the focused session (`#/session/<id>`): the desktop shell sets it to bring a card
  // into view (a notification was clicked) and reads it to know which session the user is looking at.
  useEffect(() => {
    const follow = () => {
      const route = parseFocusHash(window.location.hash);
      if (route && store.getState().domain.sessions[route.sessionId]) actions.focus(route.sessionId);
    };
    follow();
    window.addEventListener('hashchange', follow);
    const unsubscribe = store.subscribe((s, prev) => {
      const id = s.ui.focusedSessionId;
      if (id === prev.ui.focusedSessionId || !id) return;
      const hash = formatFocusHash({ sessionId: id, approvalId: null });
      if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
    });
    return () => {
      window.removeEventListener('hashchange', follow);
      unsubscribe();
    };
  }, [actions, store, hydrated]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        actions.focusRelative(e.key === 'ArrowDown' ? 1 : -1);
      } else if (e.altKey && /^[1-9]$/.test(e.key)) {
        e.preventDefault();
        const { domain } = store.getState();
        const open = domain.sessionOrder.filter((id) => !domain.sessions[id]?.closed);
        const id = open[Number(e.key) - 1];
        if (id) actions.focus(id);
      } else if (e.key === 'Escape' && store.getState().ui.overlay !== 'none') {
        actions.openOverlay('none');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, store]);

  return (
    <div className="app">
      <aside className="sidebar">
        <header className="brand">
          <h1>Paragents</h1>
          <span className={`conn conn-${connection}`} title={t('app.engine', { state: t(`app.connection.${connection}`) })} />
        </header>
        <div className="sidebar-buttons">
          <button type="button" className="primary" onClick={() => actions.openNewSession(!newSessionOpen)}>
            {t('compose.newSession')}
          </button>
          <button
            type="button"
            className={`inbox-button${pending > 0 ? ' has-pending' : ''}`}
            aria-pressed={overlay === 'inbox'}
            onClick={() => actions.openOverlay(overlay === 'inbox' ? 'none' : 'inbox')}
          >
            {t('app.approvals')} {pending > 0 ? <span className="badge">{pending}</span> : null}
          </button>
        </div>
        {newSessionOpen ? <NewSessionForm /> : null}
        <SessionList />
        <nav className="sidebar-links" aria-label={t('app.views')}>
          <button type="button" className="link" onClick={() => actions.openOverlay('permissions')}>
            {t('permissions.title')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('mcp')}>
            {t('app.mcp')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('hooks')}>
            {t('hooks.nav')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('sandbox')}>
            {t('sandbox.view.nav')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('gateways')}>
            {t('app.gateways')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('machines')}>
            {t('machinePanel.nav')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('config')}>
            {t('app.config')}
          </button>
          <button type="button" className="link" onClick={() => actions.openOverlay('setup')}>
            {t('app.setup')}
          </button>
        </nav>
        <UsageTotals />
      </aside>
      <main className="main">
        {overlay === 'inbox' ? <ApprovalsInbox /> : null}
        {overlay === 'setup' ? <SetupView /> : null}
        {overlay === 'config' ? <ConfigView /> : null}
        {overlay === 'permissions' ? <PermissionsView /> : null}
        {overlay === 'mcp' ? <McpView /> : null}
        {overlay === 'gateways' ? <GatewaysView /> : null}
        {overlay === 'machines' ? <MachinesView /> : null}
        {overlay === 'hooks' ? <HooksView /> : null}
        {overlay === 'sandbox' ? <SandboxView /> : null}
        {overlay === 'context' ? <ContextView /> : null}
        <MainArea />
        <CommandLog />
        <CommandPalette />
      </main>
    </div>
  );
}
