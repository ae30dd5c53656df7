import { useId, useState } from 'react';
import { compactTokens } from '../../shared/token-format';
import { shownText } from '../../shared/i18n';
import { tr, useLang, useT, type T } from '../i18n';
import type { TranscriptItem } from '../store/types';
import { Markdown } from './Markdown';

type Compaction = Extract<TranscriptItem, { kind: 'compaction' }>;

/** "Context compacted (auto): 95.2k → 21.3k tokens · 14 tool outputs pruned · summary 1.2k tokens". */
export function compactionText(c: Compaction, t: T = tr): string {
  const figures = [
    t('context.compactedTokens', { before: compactTokens(c.tokensBefore), after: compactTokens(c.tokensAfter) }),
    t('context.prunedOutputs', { count: c.prunedToolOutputs }),
    c.summary !== null ? t('context.summaryTokens', { tokens: compactTokens(c.summaryTokens) }) : null,
  ].filter((x): x is string => x !== null);
  return t('context.compactedText', { reason: t(`context.reason.${c.reason}`), figures: figures.join(' · ') });
}

/**
 * Where the model's view was compacted: a divider with the figures, opened to read the summary the model now
 * sees in place of the older turns (the full transcript above stays as it was).
 */
export function CompactionDivider({ item }: { item: Compaction }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const lang = useLang();
  const bodyId = useId();
  return (
    <div className="compaction-divider" role="group" aria-label={t('context.compacted')}>
      <button type="button" className="compaction-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="compaction-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {compactionText(item, t)}
      </button>
      {open ? (
        <div id={bodyId} className="compaction-body">
          {item.summary !== null ? <Markdown text={item.summary} streaming={false} /> : <p className="compaction-none">{t('context.noSummary')}</p>}
          {item.summaryError ? <p className="compaction-error">{t('context.summaryFailed', { error: shownText(lang, item.summaryError, item.summaryErrorMsg) })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
