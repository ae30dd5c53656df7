import { useEffect, useState } from 'react';
import type { ContextPart, ContextPartKind, SessionContext } from '../../shared/session-context';
import { ContextWindowSource, missingCase, windowSourceText } from '../../shared';
import { useActions, usePanel } from '../store/use-panel';

/** What each kind of part is, for people. */
function kindText(kind: ContextPartKind): string {
  switch (kind) {
    case 'system':
      return 'System prompt';
    case 'instructions':
      return 'Project instructions';
    case 'summary':
      return 'Summary';
    case 'prompts':
      return 'Your prompts, verbatim';
    case 'messages':
      return 'Recent messages';
    case 'tools':
      return 'Tool definitions';
    default:
      return missingCase(kind);
  }
}

const n = (value: number): string => value.toLocaleString('en-US');

/** " (from config.json)"; a source this panel does not know is shown as the engine named it. */
function sourceText(source: string | null): string {
  if (source === null) return '';
  const known = ContextWindowSource.safeParse(source);
  return ` (${known.success ? windowSourceText(known.data) : source})`;
}

/** Who a part's count is made of: "3 messages", "12 tools", "truncated at its size cap". */
function partDetail(p: ContextPart): string {
  const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const what =
    p.kind === 'messages' || p.kind === 'prompts' ? plural(p.items, 'message') : p.kind === 'tools' ? plural(p.items, 'tool') : '';
  return [what, p.truncated ? 'truncated at its size cap' : ''].filter(Boolean).join(' · ');
}

/**
 * /context: what the focused session's model sees now, part by part in the order it sees them, each with its
 * token count (the engine counts with the model's tokenizer), the total and the window.
 */
export function ContextView() {
  const api = usePanel((s) => s.api);
  const sessionId = usePanel((s) => s.ui.focusedSessionId);
  const actions = useActions();
  const [context, setContext] = useState<SessionContext | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    setError(null);
    void api['session.context']({ session: sessionId }).then((r) => {
      if (!live) return;
      if (r.ok) setContext(r.value);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, loads]);

  const share = context?.window ? ` (${((100 * context.totalTokens) / context.window).toFixed(1)} %)` : '';
  return (
    <section className="overlay-view" aria-label="Context">
      <header className="overlay-header">
        <h2>Context{context ? ` of session ${context.sessionRef}` : ''}</h2>
        <button type="button" disabled={!sessionId} onClick={() => setLoads(loads + 1)}>
          Refresh
        </button>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          Close
        </button>
      </header>
      {!sessionId ? <p className="empty">No session is focused.</p> : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {context ? (
        <>
          <dl className="facts">
            <dt>Model</dt>
            <dd>
              {context.model ?? 'no model configured'}
              {context.provider ? ` on ${context.provider}` : ''} · tokenizer {context.encoding}
            </dd>
            <dt>Window</dt>
            <dd>{context.window !== null ? `${n(context.window)} tokens${sourceText(context.windowSource)}` : 'unknown'}</dd>
          </dl>
          <p className="context-note">
            {context.compacted
              ? 'The view is compacted: older turns are replaced by a summary, and your prompts are kept verbatim.'
              : 'The view is the whole stored transcript (not compacted).'}
          </p>
          <table className="table context-parts">
            <thead>
              <tr>
                <th>Part</th>
                <th>What</th>
                <th className="tokens">Tokens</th>
                <th>Detail</th>
              </tr>
            </thead>
            <tbody>
              {context.parts.map((p, i) => (
                <tr key={`${p.kind}:${p.source ?? p.label}:${i}`}>
                  <td>{kindText(p.kind)}</td>
                  <td>{p.source ? <code>{p.source}</code> : p.label}</td>
                  <td className="tokens">{n(p.tokens)}</td>
                  <td>{partDetail(p)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total</td>
                <td />
                <td className="tokens">{n(context.totalTokens)}</td>
                <td>{context.window !== null ? `of ${n(context.window)}${share}` : ''}</td>
              </tr>
            </tfoot>
          </table>
        </>
      ) : null}
    </section>
  );
}
