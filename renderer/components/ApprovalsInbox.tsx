import { useChildCard } from '../store/approval-parent';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { decisionText } from '../format/decision-text';
import { useT } from '../i18n';
import { toolSummary } from '../format/tool-summary';
import { pendingApprovalsOf } from '../store/status';
import { useActions, usePanel } from '../store/use-panel';
import { RemoteBadge } from './MachineBadge';

/**
 * Every pending approval across sessions. Keyboard triage: ↑/↓ select, A allow once, S allow for session,
 * D deny, Enter opens the session, Esc closes.
 */
export function ApprovalsInbox() {
  const approvals = usePanel(useShallow((s) => pendingApprovalsOf(s.domain)));
  const actions = useActions();
  const t = useT();
  const [index, setIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const current = approvals[Math.min(index, approvals.length - 1)];

  useEffect(() => {
    listRef.current?.focus();
  }, []);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') return actions.openOverlay('none');
    if (!current) return;
    const key = e.key.toLowerCase();
    if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, approvals.length - 1));
    else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
    else if (key === 'a') void actions.answerApproval(current.id, { kind: 'allow_once' });
    else if (key === 's') void actions.answerApproval(current.id, { kind: 'allow_session' });
    else if (key === 'd') void actions.answerApproval(current.id, { kind: 'deny' });
    else if (e.key === 'Enter') {
      actions.focus(current.sessionId);
      actions.openOverlay('none');
    } else return;
    e.preventDefault();
  };

  return (
    <section className="inbox" aria-label={t('approval.inbox.label')}>
      <header className="overlay-header">
        <h2>{t('approval.inbox.title')}</h2>
        <span className="hint">{t('approval.inbox.hint')}</span>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      {approvals.length === 0 ? <p className="empty">{t('approval.inbox.empty')}</p> : null}
      <ul className="inbox-list" role="listbox" aria-label={t('approval.inbox.list')} tabIndex={0} ref={listRef} onKeyDown={onKey}>
        {approvals.map((a, i) => (
          <li
            key={a.id}
            role="option"
            aria-selected={a === current}
            className={`inbox-item${a === current ? ' selected' : ''}`}
            onClick={() => setIndex(i)}
          >
            <div className="inbox-line">
              <span className="chip chip-waiting_approval">{a.ref}</span>
              <InboxSession sessionId={a.sessionId} sessionRef={a.sessionRef} />
              <RemoteBadge machine={a.machine} on />
              <span className="tool-name">{a.tool}</span>
              <code className="tool-what">{toolSummary(a.tool, a.input)}</code>
            </div>
            <div className="inbox-why">{decisionText(a.decision, t)}</div>
            <div className="inbox-buttons">
              <button type="button" onClick={() => void actions.answerApproval(a.id, { kind: 'allow_once' })}>
                {t('approval.allowOnce')}
              </button>
              <button type="button" onClick={() => void actions.answerApproval(a.id, { kind: 'allow_session' })}>
                {t('approval.allowSession')}
              </button>
              <button type="button" className="danger" onClick={() => void actions.answerApproval(a.id, { kind: 'deny' })}>
                {t('approval.deny')}
              </button>
              <button
                type="button"
                onClick={() => {
                  actions.focus(a.sessionId);
                  actions.openOverlay('none');
                }}
              >
                {t('approval.inbox.openSession')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "session REF", or `parent › child` for a child's card. */
function InboxSession({ sessionId, sessionRef }: { sessionId: string; sessionRef: string }) {
  const t = useT();
  const child = useChildCard(sessionId);
  return <span className="meta">{child ? t('approval.childOf', { parent: child.parent, child: child.child }) : t('approval.session', { ref: sessionRef })}</span>;
}
