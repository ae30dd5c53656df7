import { compactTokens } from '../../shared/token-format';
import { costText, type CostTotals } from '../../shared/cost';
import type { TranscriptItem } from '../store/types';
import { usePanel } from '../store/use-panel';
import '../styles/budget.css';

/** Visible strings of the usage figures, in one place for the catalogs. */
export const COST_TEXT = {
  tokens: (n: number) => `${compactTokens(n)} tokens`,
  turn: 'Turn',
  usageLabel: 'Usage',
  turnLabel: 'Turn usage',
};

/** "12.3k tokens · $0.0123": tokens, and the money when any of them had a price (never a guessed amount). */
export function usageText(totalTokens: number, cost: CostTotals | null | undefined): string {
  const money = costText(cost, totalTokens);
  return money ? `${COST_TEXT.tokens(totalTokens)} · ${money}` : COST_TEXT.tokens(totalTokens);
}

/** The session's tokens and money in its header; nothing before its first request. */
export function SessionUsage({ sessionId }: { sessionId: string }) {
  const tokens = usePanel((s) => s.domain.sessions[sessionId]?.totalTokens ?? 0);
  const cost = usePanel((s) => s.domain.sessions[sessionId]?.cost ?? null);
  if (tokens === 0) return null;
  return (
    <span className="session-usage" role="status" aria-label={COST_TEXT.usageLabel}>
      {usageText(tokens, cost)}
    </span>
  );
}

/** The footer of a turn in the transcript: what it has used so far. */
export function TurnUsage({ item }: { item: Extract<TranscriptItem, { kind: 'usage' }> }) {
  return (
    <div className="item turn-usage" aria-label={COST_TEXT.turnLabel}>
      {COST_TEXT.turn}: {usageText(item.totalTokens, item.cost)}
    </div>
  );
}
