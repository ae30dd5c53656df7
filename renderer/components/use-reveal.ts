import { useLayoutEffect, useMemo, type RefObject } from 'react';
import { useStore } from 'zustand';
import { itemKeyForHit, revealStoreFor, REVEAL_MS } from '../store/search';
import type { TranscriptItem } from '../store/types';
import { usePanelStore } from '../store/use-panel';

export interface Revealed {
  key: string;
  index: number;
  /** Changes with every reveal, so revealing the same entry twice scrolls twice. */
  id: number;
}

/**
 * The transcript entry the command palette asked to show (see openHit in store/search.ts), once the transcript
 * holds it: the transcript scrolls it into view and marks it (CSS class `revealed`, data-item-key on its row) for
 * REVEAL_MS. Following the tail stops so the view stays on it.
 */
export function useReveal(
  sessionId: string,
  items: readonly TranscriptItem[] | undefined,
  scrollRef: RefObject<HTMLElement | null>,
  stick: RefObject<boolean>,
): Revealed | null {
  const reveals = revealStoreFor(usePanelStore());
  const target = useStore(reveals, (s) => (s.target?.sessionId === sessionId ? s.target : null));
  const revealed = useMemo(() => {
    if (!target || !items) return null;
    const key = itemKeyForHit(items, target.hit);
    const index = key === null ? -1 : items.findIndex((i) => i.key === key);
    return key === null || index < 0 ? null : { key, index, id: target.id };
  }, [target, items]);

  // A layout effect, before the transcript's own (it follows the tail while `stick` holds); again a frame later,
  // when a virtual list has drawn the row it scrolled to and a session just shown has settled.
  useLayoutEffect(() => {
    if (!revealed) return;
    const show = () => {
      stick.current = false;
      const rows = scrollRef.current?.querySelectorAll<HTMLElement>('[data-item-key]') ?? [];
      [...rows].find((row) => row.dataset.itemKey === revealed.key)?.scrollIntoView?.({ block: 'center' });
    };
    show();
    const frame = requestAnimationFrame(show);
    const done = setTimeout(() => {
      if (reveals.getState().target?.id === revealed.id) reveals.setState({ target: null });
    }, REVEAL_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(done);
    };
    // A new reveal (id), not each new array of items, scrolls again.
  }, [revealed?.id, revealed?.key]);

  return revealed;
}
