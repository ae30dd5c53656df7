import { displayStatus, pendingApprovalsOf, sessionTitle } from '../store/status';
import { useT } from '../i18n';
import type { TranscriptItem } from '../store/types';
import { useActions, usePanel } from '../store/use-panel';
import { InterruptedTurns } from './InterruptedCard';
import { BudgetStops } from './BudgetDialog';
import { StatusChip } from './StatusChip';
import { SessionPlanProgress } from './PlanView';
import { TranscriptItemView } from './TranscriptItemView';
import { SessionMachineBadge } from './MachineBadge';

const EMPTY: TranscriptItem[] = [];
const TAIL = 12;

/** A session in the grid beside the focused one: its status and the tail of its transcript; click to focus. */
export function SessionTile({ sessionId }: { sessionId: string }) {
  const session = usePanel((s) => s.domain.sessions[sessionId]);
  const status = usePanel((s) => {
    const v = s.domain.sessions[sessionId];
    return v ? displayStatus(s.domain, v) : 'idle';
  });
  const approvals = usePanel((s) => pendingApprovalsOf(s.domain, sessionId).length);
  const items = usePanel((s) => s.domain.transcripts[sessionId] ?? EMPTY);
  const actions = useActions();
  const t = useT();
  if (!session) return null;
  return (
    <article className={`session-tile tile-${status}`} aria-label={t('sessions.tileLabel', { ref: session.ref })}>
      <header className="pane-header">
        <button type="button" className="tile-title" onClick={() => actions.focus(session.id)}>
          {sessionTitle(session)} <span className="session-ref">{session.ref}</span>
        </button>
        <SessionMachineBadge sessionId={session.id} />
        <StatusChip status={status} />
        <SessionPlanProgress sessionId={session.id} />
        {approvals > 0 ? (
          <button type="button" className="link" onClick={() => actions.focus(session.id)}>
            {t('sessions.answerApprovals', { count: approvals })}
          </button>
        ) : null}
      </header>
      <div className="tile-body">
        {items.slice(-TAIL).map((item) => (
          <TranscriptItemView key={item.key} item={item} />
        ))}
      </div>
      <InterruptedTurns sessionId={session.id} compact />
      <BudgetStops sessionId={session.id} compact />
    </article>
  );
}
