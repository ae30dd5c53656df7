import { amountText, usageText } from '../format/cost-text';
import type { SessionView } from '../store/types';
import { useT } from '../i18n';
import type { TranscriptItem } from '../store/types';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';

/** The session's tokens and money in its header; nothing before its first request. */
export function SessionUsage({ sessionId }: { sessionId: string }) {
  const tokens = usePanel((s) => s.domain.sessions[sessionId]?.totalTokens ?? 0);
  const cost = usePanel((s) => s.domain.sessions[sessionId]?.cost ?? null);
  const tree = usePanel((s) => treeUsd(s.domain.sessions, sessionId));
  const t = useT();
  if (tokens === 0) return null;
  return (
    <span className="session-usage" role="status" aria-label={t('budget.usageLabel')}>
      {usageText(t, tokens, cost)}
      {tree !== null ? t('budget.treeTotal', { amount: amountText(t, 'usd', tree) }) : null}
    </span>
  );
}

/** The footer of a turn in the transcript: what it has used so far. */
export function TurnUsage({ item }: { item: Extract<TranscriptItem, { kind: 'usage' }> }) {
  const t = useT();
  return (
    <div className="item turn-usage" aria-label={t('budget.turnLabel')}>
      {t('budget.turnText', { usage: usageText(t, item.totalTokens, item.cost) })}
    </div>
  );
}

/** Dollars of the session and every child below it; null for a session without children. */
function treeUsd(sessions: Record<string, SessionView>, id: string): number | null {
  const all = Object.values(sessions);
  const root = sessions[id];
  if (!root || !all.some((v) => v.parent === root.ref)) return null;
  let usd = 0;
  const walk = (v: SessionView): void => {
    usd += v.cost?.usd ?? 0;
    for (const c of all) if (c.parent === v.ref) walk(c);
  };
  walk(root);
  return usd;
}
