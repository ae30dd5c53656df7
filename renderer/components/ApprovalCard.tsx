import { useId, useState } from 'react';
import type { ApprovalAnswer, McpToolHints } from '../../shared';
import { decisionText } from '../format/decision-text';
import { toolDiff, toolSummary } from '../format/tool-summary';
import type { ApprovalView, ConflictView } from '../store/types';
import { useActions } from '../store/use-panel';
import { DiffView } from './DiffView';

/**
 * "Approval required": the exact command or diff, the reason, the rule and source that asked, any conflict,
 * and the four answers. The renderer sends only the approval id and the answer; the engine holds the call.
 */
export function ApprovalCard({ approval, conflict, more }: { approval: ApprovalView; conflict?: ConflictView; more: number }) {
  const actions = useActions();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const diff = toolDiff(approval.tool, approval.input);

  const answer = async (a: ApprovalAnswer) => {
    setBusy(true);
    await actions.answerApproval(approval.id, a);
    setBusy(false);
  };

  return (
    <section className="approval-card" role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-what`}>
      <header>
        <h3 id={`${id}-title`}>Approval required</h3>
        <span className="approval-ref">
          {approval.ref} · session {approval.sessionRef}
          {more > 0 ? ` · +${more} more` : ''}
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
      <p className="approval-reason">{approval.decision.reason}</p>
      <p className="approval-rule">
        {decisionText(approval.decision)}
      </p>
      {conflict ? (
        <p className="approval-conflict">
          Conflicts with session {conflict.otherSessionName ?? conflict.otherSessionRef ?? 'another session'} on {conflict.paths.join(', ')}
        </p>
      ) : null}
      <div className="approval-buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void answer({ kind: 'allow_once' })}>
          Allow once
        </button>
        <button type="button" disabled={busy} onClick={() => void answer({ kind: 'allow_session' })}>
          Allow for session
        </button>
        <button
          type="button"
          disabled={busy || approval.alwaysRule === null}
          aria-describedby={approval.alwaysRule ? `${id}-always` : undefined}
          onClick={() => void answer({ kind: 'allow_always' })}
        >
          Always allow
        </button>
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => void answer(message.trim() ? { kind: 'deny', message: message.trim() } : { kind: 'deny' })}
        >
          Deny
        </button>
      </div>
      {approval.alwaysRule ? (
        <p id={`${id}-always`} className="approval-always">
          Always allow saves the rule <code>{approval.alwaysRule}</code>
        </p>
      ) : null}
      <input
        className="deny-message"
        aria-label="Message to the model if denied"
        placeholder="Optional message to the model if denied"
        value={message}
        maxLength={4000}
        onChange={(e) => setMessage(e.target.value)}
      />
    </section>
  );
}

/** What the MCP server says of its tool: shown so a person can weigh it, never used to decide (a server can claim anything). */
function ToolHints({ hints }: { hints: McpToolHints }) {
  const said = [
    hints.readOnlyHint ? 'read-only' : null,
    hints.destructiveHint ? 'destructive' : null,
    hints.idempotentHint ? 'idempotent' : null,
    hints.openWorldHint ? 'reaches the outside world' : null,
  ].filter((w) => w !== null);
  if (said.length === 0 && !hints.title) return null;
  return (
    <p className="approval-hints">
      The server says{hints.title ? ` (${hints.title})` : ''}: {said.length > 0 ? said.join(', ') : 'nothing about its effects'} — its own
      claim, not checked.
    </p>
  );
}
