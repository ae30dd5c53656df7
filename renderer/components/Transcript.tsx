import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TranscriptItem } from '../store/types';
import { usePanel } from '../store/use-panel';
import { TranscriptItemView } from './TranscriptItemView';

/** Below this many items everything is rendered; above it the list is virtualised. */
const VIRTUALIZE_FROM = 80;
const EMPTY: TranscriptItem[] = [];

/** The focused session's transcript: a region that follows the newest item while the user is at the bottom. */
export function Transcript({ sessionId, label = 'Transcript' }: { sessionId: string; label?: string }) {
  const items = usePanel((s) => s.domain.transcripts[sessionId] ?? EMPTY);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  });

  useEffect(() => {
    stick.current = true;
  }, [sessionId]);

  return (
    <section className="transcript" role="region" aria-label={label} ref={scrollRef} onScroll={onScroll} tabIndex={0}>
      {items.length === 0 ? <p className="empty">No messages yet.</p> : null}
      {items.length < VIRTUALIZE_FROM ? (
        items.map((item) => <TranscriptItemView key={item.key} item={item} />)
      ) : (
        <VirtualItems items={items} scrollRef={scrollRef} stick={stick} />
      )}
    </section>
  );
}

interface VirtualProps {
  items: TranscriptItem[];
  scrollRef: RefObject<HTMLDivElement | null>;
  stick: RefObject<boolean>;
}

function VirtualItems({ items, scrollRef, stick }: VirtualProps) {
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
    getItemKey: (index) => items[index]?.key ?? index,
  });
  const count = items.length;
  useLayoutEffect(() => {
    if (stick.current) virtualizer.scrollToIndex(count - 1, { align: 'end' }); // follow the tail
  }, [count, virtualizer, stick]);
  return (
    <div className="virtual-list" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        return item ? (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="virtual-row"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            <TranscriptItemView item={item} />
          </div>
        ) : null;
      })}
    </div>
  );
}
