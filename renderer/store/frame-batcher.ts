/** Schedules one flush per animation frame; returns a cancel function. */
export type FrameScheduler = (flush: () => void) => () => void;

/**
 * requestAnimationFrame, with a timer as a floor so a hidden tab (where frames stop) still drains its queue
 * now and then instead of growing it without bound.
 */
export const animationFrameScheduler: FrameScheduler = (flush) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    flush();
  };
  const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : null;
  const timer = setTimeout(run, raf === null ? 16 : 250);
  return () => {
    done = true;
    if (raf !== null) cancelAnimationFrame(raf);
    clearTimeout(timer);
  };
};

/** Collects items and hands them over in one batch per frame. */
export class FrameBatcher<T> {
  private queue: T[] = [];
  private cancel: (() => void) | null = null;

  constructor(
    private readonly onFlush: (items: T[]) => void,
    private readonly schedule: FrameScheduler = animationFrameScheduler,
  ) {}

  push(item: T): void {
    this.queue.push(item);
    if (!this.cancel) this.cancel = this.schedule(() => this.flush());
  }

  /** Applies whatever is waiting now (before a request result that must see it, or in tests). */
  flush(): void {
    this.cancel?.();
    this.cancel = null;
    if (this.queue.length === 0) return;
    const items = this.queue;
    this.queue = [];
    this.onFlush(items);
  }

  dispose(): void {
    this.cancel?.();
    this.cancel = null;
    this.queue = [];
  }
}
