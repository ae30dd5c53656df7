import { useEffect, useState } from 'react';
import type { ContextPart, ContextPartKind, SessionContext } from '../../shared/session-context';
import { ContextWindowSource } from '../../shared';
import { formatNumber } from '../../shared/i18n';
import { useLang, useT, type T } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { engineError } from '../format/engine-text';

/** What each kind of part is, for people. */
const kindText = (t: T, kind: ContextPartKind): string => t(`context.view.kind.${kind}`);

/** " (from config.json)"; a source this panel does not know is shown as the engine named it. */
function sourceText(t: T, source: string | null): string {
  if (source === null) return '';
  const known = ContextWindowSource.safeParse(source);
  return t('context.view.source', { source: known.success ? t(`config.windowSource.${known.data}`) : source });
}

/** Who a part's count is made of: "3 messages", "12 tools", "truncated at its size cap". */
function partDetail(t: T, p: ContextPart): string {
  const what =
    p.kind === 'messages' || p.kind === 'prompts'
      ? t('context.view.messages', { count: p.items })
      : p.kind === 'tools'
        ? t('context.view.tools', { count: p.items })
        : '';
  return [what, p.truncated ? t('context.view.truncated') : ''].filter(Boolean).join(' · ');
}

/**
 * /context: what the focused session's model sees now, part by part in the order it sees them, each with its
 * token count (the engine counts with the model's tokenizer), the total and the window.
 */
export function ContextView() {
  const api = usePanel((s) => s.api);
  const sessionId = usePanel((s) => s.ui.focusedSessionId);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const n = (value: number): string => formatNumber(lang, value);
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
      else setError(engineError(r.error));
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, loads]);

  const share = context?.window ? t('context.view.share', { percent: ((100 * context.totalTokens) / context.window).toFixed(1) }) : '';
  return (
    <section className="overlay-view" aria-label={t('context.view.title')}>
      <header className="overlay-header">
        <h2>{context ? t('context.view.titleOf', { ref: context.sessionRef }) : t('context.view.title')}</h2>
        <button type="button" disabled={!sessionId} onClick={() => setLoads(loads + 1)}>
          {t('common.refresh')}
        </button>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      {!sessionId ? <p className="empty">{t('context.view.noSession')}</p> : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {context ? (
        <>
          <dl className="facts">
            <dt>{t('context.view.model')}</dt>
            <dd>
              {context.model ?? t('context.view.noModel')}
              {context.provider ? t('context.view.onProvider', { provider: context.provider }) : ''}
              {t('context.view.tokenizer', { encoding: context.encoding })}
            </dd>
            <dt>{t('context.view.window')}</dt>
            <dd>{context.window !== null ? t('context.view.windowTokens', { tokens: n(context.window), source: sourceText(t, context.windowSource) }) : t('context.view.unknown')}</dd>
          </dl>
          <p className="context-note">
            {context.compacted
              ? t('context.view.compacted')
              : t('context.view.whole')}
          </p>
          <table className="table context-parts">
            <thead>
              <tr>
                <th>{t('context.view.part')}</th>
                <th>{t('context.view.what')}</th>
                <th className="tokens">{t('context.view.tokens')}</th>
                <th>{t('context.view.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {context.parts.map((p, i) => (
                <tr key={`${p.kind}:${p.source ?? p.label}:${i}`}>
                  <td>{kindText(t, p.kind)}</td>
                  <td>{p.source ? <code>{p.source}</code> : p.label}</td>
                  <td className="tokens">{n(p.tokens)}</td>
                  <td>{partDetail(t, p)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>{t('context.view.total')}</td>
                <td />
                <td className="tokens">{n(context.totalTokens)}</td>
                <td>{context.window !== null ? t('context.view.of', { window: n(context.window), share }) : ''}</td>
              </tr>
            </tfoot>
          </table>
        </>
      ) : null}
    </section>
  );
}
