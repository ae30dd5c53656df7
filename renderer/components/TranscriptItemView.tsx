import { memo } from 'react';
import { missingCase } from '../../shared';
import { render, type Msg } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import type { TranscriptItem } from '../store/types';
import { CompactionDivider } from './CompactionDivider';
import { Markdown } from './Markdown';
import { ReasoningBlock } from './ReasoningBlock';
import { ToolCallRow } from './ToolCallRow';
import { StoredImages } from './images/StoredImages';
import { TurnUsage } from './CostBadge';

export const TranscriptItemView = memo(function TranscriptItemView({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <div className="item item-user">
          <You />
          <div className="user-body">
            <div className="user-text">{item.text}</div>
            {item.images?.length ? <StoredImages images={item.images} /> : null}
          </div>
        </div>
      );
    case 'assistant':
      return (
        <div className={`item item-assistant${item.streaming ? ' streaming' : ''}`} aria-busy={item.streaming || undefined}>
          {item.reasoning ? <ReasoningBlock text={item.reasoning} /> : null}
          {item.text || !item.reasoning ? <Markdown text={item.text} streaming={item.streaming} /> : null}
        </div>
      );
    case 'tool':
      return (
        <div className="item item-tool">
          <ToolCallRow item={item} />
        </div>
      );
    case 'notice':
      return <Notice tone={item.tone} msg={item.msg} />;
    case 'compaction':
      return (
        <div className="item item-compaction">
          <CompactionDivider item={item} />
        </div>
      );
    case 'usage':
      return <TurnUsage item={item} />;
    default:
      return missingCase(item);
  }
});

/** "you" before a prompt: its own component, so the memoised item view needs no hooks of its own. */
function You() {
  const t = useT();
  return <span className="who">{t('sessions.you')}</span>;
}

/** A notice as data, rendered in the panel's language each time it is painted (a language switch re-renders it). */
function Notice({ tone, msg }: { tone: string; msg: Msg }) {
  const lang = useLang();
  return <div className={`item item-notice notice-${tone}`}>{render(lang, msg)}</div>;
}
