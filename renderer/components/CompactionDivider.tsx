import { useId, useState } from 'react';
import { compactTokens } from '../../shared/token-format';
import type { TranscriptItem } from '../store/types';
import { Markdown } from './Markdown';

type Compaction = Extract<TranscriptItem, { kind: 'compaction' }>;

/** "Context compacted (auto): 95.2k → 21.3k tokens · 14 tool outputs pruned · summary 1.2k tokens". */
export function compactionText(c: Compaction): string {
  const figures = [
    `${compactTokens(c.tokensBefore)} → ${compactTokens(c.tokensAfter)} tokens`,
    `${c.prunedToolOutputs} tool output${c.prunedToolOutputs === 1 ? '' : 's'} pruned`,
    c.summary !== null ? `summary ${compactTokens(c.summaryTokens)} tokens` : null,
  ].filter((x): x is string => x !== null);
  return `Context compacted (${c.reason}): ${figures.join(' · ')}`;
}

/**
 * Where the model's view was compacted: a divider with the figures, opened to read the summary the model now
 * sees in place of the older turns (the full transcript above stays as it was).
 */
export function CompactionDivider({ item }: { item: Compaction }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <div className="compaction-divider" role="group" aria-label="Context compacted">
      <button type="button" className="compaction-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="compaction-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {compactionText(item)}
      </button>
      {open ? (
        <div id={bodyId} className="compaction-body">
          {item.summary !== null ? <Markdown text={item.summary} streaming={false} /> : <p className="compaction-none">no summary: pruned only</p>}
          {item.summaryError ? <p className="compaction-error">The summary request failed ({item.summaryError}); old tool outputs were pruned instead.</p> : null}
        </div>
      ) : null}
    </div>
  );
}
