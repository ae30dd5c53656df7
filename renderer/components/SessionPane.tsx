import { useShallow } from 'zustand/react/shallow';
import { useT } from '../i18n';
import { displayStatus, openConflictsOf, pendingApprovalsOf, sessionTitle } from '../store/status';
import { useActions, usePanel, usePanelStore } from '../store/use-panel';
import { reopenSession } from '../store/search';
import { ApprovalCard } from './ApprovalCard';
import { ConflictCard } from './ConflictCard';
import { ContextMeter } from './ContextMeter';
import { InterruptedTurns } from './InterruptedCard';
import { ModePicker } from './ModePicker';
import { PromptBox } from './PromptBox';
import { QueueList } from './QueueList';
import { SessionMenu } from './SessionMenu';
import { StatusChip } from './StatusChip';
import { SandboxMark } from './SandboxMark';
import { SessionUsage } from './CostBadge';
import { SessionBudget } from './SessionBudget';
import { BudgetStops } from './BudgetDialog';
import { SessionTabs } from './SessionTabs';
import { EffortPicker } from './EffortPicker';
import { PlanView } from './PlanView';
import { SessionMachineBadge } from './MachineBadge';

/** The focused session: header, conflicts, transcript, its pending approval, the queue and the prompt box. */
export function SessionPane({ sessionId }: { sessionId: string }) {
  const session = usePanel((s) => s.domain.sessions[sessionId]);
  const status = usePanel((s) => {
    const v = s.domain.sessions[sessionId];
    return v ? displayStatus(s.domain, v) : 'idle';
  });
  const approvals = usePanel(useShallow((s) => pendingApprovalsOf(s.domain, sessionId)));
  const conflicts = usePanel(useShallow((s) => openConflictsOf(s.domain, sessionId)));
  const actions = useActions();
  const store = usePanelStore();
  const t = useT();
  if (!session) return null;
  const first = approvals[0];

  return (
    <div className="session-pane">
      <header className="pane-header">
        <h2>{sessionTitle(session)}</h2>
        <span className="session-ref">{session.ref}</span>
        <StatusChip status={status} />
        <SandboxMark sessionId={session.id} />
        <IsolationMark sessionId={session.id} />
        <SessionMachineBadge sessionId={session.id} />
        <span className="meta workspace" title={session.workspace}>
          {session.workspace}
        </span>
        <span className="spacer" />
        <SessionUsage sessionId={session.id} />
        <SessionBudget sessionId={session.id} />
        <ContextMeter sessionId={session.id} />
        <EffortPicker sessionId={session.id} />
        <label className="mode-select">
          <span>{t('transcript.mode')}</span>
          <ModePicker mode={session.mode} source={session.modeSource} onPick={(m) => void actions.setMode(session.id, m)} />
        </label>
        {session.closed ? (
          // A closed session is shown from a search hit or the palette; the one thing to do with it here is reopen it.
          <button type="button" onClick={() => void reopenSession(store, session.id)}>
            {t('transcript.reopenSession')}
          </button>
        ) : (
          <button type="button" onClick={() => void actions.closeSession(session.id)}>
            {t('transcript.closeSession')}
          </button>
        )}
        <SessionMenu sessionId={session.id} />
      </header>
      {conflicts.map((c) => (
        <ConflictCard key={c.id} conflict={c} />
      ))}
      <SessionTabs key={session.id} sessionId={session.id} />
      <InterruptedTurns sessionId={session.id} />
      <BudgetStops sessionId={session.id} />
      {first ? <ApprovalCard approval={first} conflict={conflicts[0]} more={approvals.length - 1} /> : null}
      <QueueList sessionId={session.id} />
      <PlanView sessionId={session.id} />
      <PromptBox sessionId={session.id} />
    </div>
  );
}

/** A child in its own worktree: the engine checked the folder is a checkout of its own, on its own branch. */
function IsolationMark({ sessionId }: { sessionId: string }) {
  const child = usePanel((s) => s.domain.agentChildren[sessionId]);
  const t = useT();
  if (!child || child.isolation !== 'worktree' || child.worktree === null) return null;
  return (
    <span className="meta isolation-mark" role="status">
      {t('agents.panel.isolated', { path: child.worktree })}
    </span>
  );
}
