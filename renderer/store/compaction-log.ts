import type { RequestOutput } from '../../shared';
import { msg, type Msg } from '../../shared/i18n/message';
import { compactTokens } from '../../shared/token-format';
import type { LogLine } from './ui-state';

/** What the command log says of a `session.compact` answer: nothing to do, or the figures and a missing summary. */
export function compactionLog(ref: string, c: RequestOutput<'session.compact'>): Array<{ tone: LogLine['tone']; said: Msg }> {
  if (!c.compacted) return [{ tone: 'info', said: msg('log.nothingToCompact', { ref, tokens: compactTokens(c.tokensAfter) }) }];
  const summary = c.summary !== null ? msg('log.summary', { tokens: compactTokens(c.summaryTokens) }) : '';
  const figures = {
    ref,
    before: compactTokens(c.tokensBefore),
    after: compactTokens(c.tokensAfter),
    pruned: msg('context.prunedOutputs', { count: c.prunedToolOutputs }),
    summary,
  };
  const lines: Array<{ tone: LogLine['tone']; said: Msg }> = [{ tone: 'info', said: msg('log.compacted', figures) }];
  if (c.summaryError) lines.push({ tone: 'warn', said: msg('log.noSummary', { error: c.summaryErrorMsg ?? c.summaryError }) });
  return lines;
}
