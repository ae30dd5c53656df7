// Memory readings of this process after a full garbage collection, so that two readings compare what is live
// rather than how much garbage happened to be waiting.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface MemoryReading {
  rss: number;
  heapUsed: number;
  /** What V8 holds for its heap (used or not): RSS can only come back down to it. */
  heapTotal: number;
  /** Memory of C++ objects bound to JS ones (buffers, SQLite statements' results are not in it). */
  external: number;
}

let gc: (() => void) | null = null;

/** A full GC (exposed at run time: the bench is started without --expose-gc). */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** Collects twice (objects freed by finalizers of the first pass go in the second), then reads. */
export function settledMemory(): MemoryReading {
  collectGarbage();
  collectGarbage();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Growth from `a` to `b` in percent of `a`, signed. */
export const growth = (a: number, b: number): string => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;
