import { useId, useState } from 'react';
import type { ApprovalAnswer, McpToolHints } from '../../shared';
import { shownText } from '../../shared/i18n';
import { decisionText } from '../format/decision-text';
import { useLang, useT } from '../i18n';
import { toolDiff, toolSummary } from '../format/tool-summary';
import type { ApprovalView, ConflictView } from '../store/types';
import { useActions } from '../store/use-panel';
import { DiffView } from './DiffView';
import { RemoteBadge } from './MachineBadge';
import { useChildCard } from '../store/approval-parent';

/**
 * "Approval required": the exact command or diff, the reason, the rule and source that asked, any conflict,
 * and the four answers. The renderer sends only the approval id and the answer; the engine holds the call.
 */
export function ApprovalCard({ approval, conflict, more }: { approval: ApprovalView; conflict?: ConflictView; more: number }) {
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const diff = toolDiff(approval.tool, approval.input);
  const childCard = useChildCard(approval.sessionId);

  const answer = async (a: ApprovalAnswer) => {
    setBusy(true);
    await actions.answerApproval(approval.id, a);
    setBusy(false);
  };

  return (
    <section className="approval-card" role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-what`}>
      <header>
        <h3 id={`${id}-title`}>{t('approval.required')}</h3>
        <span className="approval-ref">
          {approval.ref} · {childCard ? t('approval.childOf', { parent: childCard.parent, child: childCard.child }) : t('approval.session', { ref: approval.sessionRef })}
          <RemoteBadge machine={approval.machine} on />
          {more > 0 ? t('approval.more', { count: more }) : ''}
        </span>
      </header>
      <div id={`${id}-what`} className="approval-what">
        <span className="tool-name">{approval.tool}</span>
        {diff ? (
          <>
            <code className="approval-path">{toolSummary(approval.tool, approval.input)}</code>
            <DiffView lines={diff} />
          </>
        ) : (
          <pre className="approval-command">{toolSummary(approval.tool, approval.input)}</pre>
        )}
      </div>
      {approval.hints ? <ToolHints hints={approval.hints} /> : null}
      <p className="approval-reason">{shownText(lang, approval.decision.reason, approval.decision.reasonMsg)}</p>
      <p className="approval-rule">
        {decisionText(approval.decision, t)}
      </p>
      {conflict ? (
        <p className="approval-conflict">
          {t('approval.conflictsWith', {
            other: conflict.otherSessionName ?? conflict.otherSessionRef ?? t('approval.anotherSession'),
            paths: conflict.paths.join(', '),
          })}
        </p>
      ) : null}
      <div className="approval-buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void answer({ kind: 'allow_once' })}>
          {t('approval.allowOnce')}
        </button>
        <button type="button" disabled={busy} onClick={() => void answer({ kind: 'allow_session' })}>
          {t('approval.allowSession')}
        </button>
        {childCard?.siblings ? (
          <button type="button" disabled={busy} onClick={() => void answer({ kind: 'allow_children' })}>
            {t('approval.allowChildren', { parent: childCard.parent })}
          </button>
        ) : null}
        <button
          type="button"
          disabled={busy || approval.alwaysRule === null}
          aria-describedby={approval.alwaysRule ? `${id}-always` : undefined}
          onClick={() => void answer({ kind: 'allow_always' })}
        >
          {t('approval.allowAlways')}
        </button>
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => void answer(message.trim() ? { kind: 'deny', message: message.trim() } : { kind: 'deny' })}
        >
          {t('approval.deny')}
        </button>
      </div>
      {approval.alwaysRule ? (
        <p id={`${id}-always`} className="approval-always">
          {t('approval.alwaysSaves')}
          <code>{approval.alwaysRule}</code>
        </p>
      ) : null}
      <input
        className="deny-message"
        aria-label={t('approval.denyMessageLabel')}
        placeholder={t('approval.denyMessagePlaceholder')}
        value={message}
        maxLength={4000}
        onChange={(e) => setMessage(e.target.value)}
      />
    </section>
  );
}

/** What the MCP server says of its tool: shown so a person can weigh it, never used to decide (a server can claim anything). */
function ToolHints({ hints }: { hints: McpToolHints }) {
  const t = useT();
  const said = [
    hints.readOnlyHint ? t('approval.hints.readOnly') : null,
    hints.destructiveHint ? t('approval.hints.destructive') : null,
    hints.idempotentHint ? t('approval.hints.idempotent') : null,
    hints.openWorldHint ? t('approval.hints.openWorld') : null,
  ].filter((w) => w !== null);
  if (said.length === 0 && !hints.title) return null;
  return (
    <p className="approval-hints">
      {t('approval.hints.serverSays', {
        title: hints.title ? t('approval.hints.title', { title: hints.title }) : '',
        said: said.length > 0 ? said.join(', ') : t('approval.hints.nothing'),
      })}
    </p>
  );
}
