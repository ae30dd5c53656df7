import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { HistoryView, TranscriptItem } from '../store/types';
import { useActions, usePanel } from '../store/use-panel';
import { TranscriptItemView } from './TranscriptItemView';
import { useT } from '../i18n';
import { useReveal, type Revealed } from './use-reveal';

/** Below this many items everything is rendered; above it the list is virtualised. */
const VIRTUALIZE_FROM = 80;
/** Scrolled this close to the top, the page before the loaded history is asked for. */
const LOAD_OLDER_WITHIN = 400;
/** Height kept above the virtual rows for the "earlier messages" row. */
const EARLIER_ROW = 36;

/**
 * The focused session's transcript: a region that follows the newest item while the user is at the bottom. Only
 * the newest page of the history is loaded at first; scrolling near the top loads the page before, and the
 * view stays on the message it showed.
 */
export function Transcript({ sessionId, label }: { sessionId: string; label?: string }) {
  const t = useT();
  const items = usePanel((s) => s.domain.transcripts[sessionId]);
  const history = usePanel((s) => s.domain.history[sessionId]);
  const actions = useActions();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The region is also kept as state for the virtual list: a child's layout effects run before the region's ref
  // is set, so a list mounted in the same commit as the region (a session whose history is already loaded)
  // would find no scroll element, never watch the region's size and scrolling, and draw no rows. Setting the
  // state renders the list again once the region is there.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachRegion = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollElement(el);
  }, []);
  const stick = useRef(true);
  const firstKey = useRef<string | undefined>(undefined);
  const lastHeight = useRef(0);
  const earlier = history !== undefined && !history.complete;
  // An entry the command palette opened: scrolled to and marked for a moment.
  const revealed = useReveal(sessionId, items, scrollRef, stick);

  const loadOlderIfNear = () => {
    const el = scrollRef.current;
    if (el && earlier && !history.loadingOlder && !stick.current && el.scrollTop < LOAD_OLDER_WITHIN) void actions.loadOlder(sessionId);
  };

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    loadOlderIfNear();
  };

  const virtual = items !== undefined && items.length >= VIRTUALIZE_FROM;
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = items?.[0]?.key;
    const prepended = first !== firstKey.current && firstKey.current !== undefined && (items?.findIndex((i) => i.key === firstKey.current) ?? -1) > 0;
    if (stick.current) el.scrollTop = el.scrollHeight;
    else if (prepended && !virtual) el.scrollTop += el.scrollHeight - lastHeight.current; // the same message stays in view
    firstKey.current = first;
    lastHeight.current = el.scrollHeight;
  });

  // A page that arrived while the view is still at the top is followed by the one before it; a first page too
  // short to scroll cannot be scrolled up, so the page before it is read at once.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && earlier && !history.loadingOlder && el.scrollHeight <= el.clientHeight) void actions.loadOlder(sessionId);
    else loadOlderIfNear();
  }, [history?.oldestSeq, history?.loadingOlder]);

  useEffect(() => {
    stick.current = true;
  }, [sessionId]);

  return (
    <section className="transcript" role="region" aria-label={label ?? t('transcript.label')} ref={attachRegion} onScroll={onScroll} tabIndex={0}>
      {items === undefined ? <p className="empty">{t('transcript.loading')}</p> : null}
      {items?.length === 0 && !earlier ? <p className="empty">No messages yet.</p> : null}
      {items && items.length >= VIRTUALIZE_FROM ? (
        <VirtualItems items={items} scrollRef={scrollRef} scrollElement={scrollElement} stick={stick} revealed={revealed} earlier={earlier ? <EarlierRow history={history} sessionId={sessionId} /> : null} />
      ) : (
        <>
          {earlier ? <EarlierRow history={history} sessionId={sessionId} /> : null}
          {items?.map((item) => (
            <div key={item.key} data-item-key={item.key} className={revealed?.key === item.key ? 'revealed' : undefined}>
              <TranscriptItemView item={item} />
            </div>
          ))}
        </>
      )}
    </section>
  );
}

/** The row above a partly loaded history: says that earlier messages are being read, or reads them on a click. */
function EarlierRow({ history, sessionId }: { history: HistoryView; sessionId: string }) {
  const actions = useActions();
  const t = useT();
  return (
    <div className="earlier-row" style={{ height: EARLIER_ROW, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {history.loadingOlder ? (
        <span className="meta" role="status">
          {t('transcript.loadingEarlier')}
        </span>
      ) : (
        <button type="button" className="link" onClick={() => void actions.loadOlder(sessionId)}>
          {t('transcript.showEarlier')}
        </button>
      )}
    </div>
  );
}

interface VirtualProps {
  items: TranscriptItem[];
  scrollRef: RefObject<HTMLDivElement | null>;
  scrollElement: HTMLDivElement | null;
  stick: RefObject<boolean>;
  earlier: ReactNode;
  revealed: Revealed | null;
}

function VirtualItems({ items, scrollRef, scrollElement, stick, earlier, revealed }: VirtualProps) {
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => 64,
    overscan: 8,
    paddingStart: earlier ? EARLIER_ROW : 0,
    getItemKey: (index) => items[index]?.key ?? index,
  });
  const count = items.length;
  // Both scrolls run again once the region is known (scrollElement): on the first commit there is none to scroll.
  useLayoutEffect(() => {
    if (stick.current) virtualizer.scrollToIndex(count - 1, { align: 'end' }); // follow the tail
  }, [count, virtualizer, stick, scrollElement]);
  const revealIndex = revealed?.index;
  useLayoutEffect(() => {
    if (revealIndex !== undefined) virtualizer.scrollToIndex(revealIndex, { align: 'center' });
  }, [revealed?.id, revealIndex, virtualizer, scrollElement]);

  // Older items put in front: the item that was first stays where it was on screen (its new start, from the
  // virtualizer's sizes, minus where it started before).
  const padding = earlier ? EARLIER_ROW : 0;
  const firstKey = useRef(items[0]?.key);
  const lastPadding = useRef(padding);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const previous = firstKey.current;
    if (el && !stick.current && previous !== undefined && previous !== items[0]?.key) {
      const index = items.findIndex((i) => i.key === previous);
      const start = index > 0 ? virtualizer.measurementsCache[index]?.start : undefined;
      if (start !== undefined) el.scrollTop += start - lastPadding.current;
    }
    firstKey.current = items[0]?.key;
    lastPadding.current = padding;
  }, [items, padding, virtualizer, scrollRef, stick]);
  return (
    <div className="virtual-list" style={{ height: virtualizer.getTotalSize() }}>
      {earlier}
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        return item ? (
          <div
            key={row.key}
            data-index={row.index}
            data-item-key={item.key}
            ref={virtualizer.measureElement}
            className={revealed?.key === item.key ? 'virtual-row revealed' : 'virtual-row'}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            <TranscriptItemView item={item} />
          </div>
        ) : null;
      })}
    </div>
  );
}
