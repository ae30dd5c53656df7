/*
 * Work that many callers start at once (turns admitted together: a parent's children, a freed slot's queue) and
 * that does milliseconds of synchronous preparation each. Awaiting `ownTask()` first gives each caller a task of
 * its own, one per turn of the event loop: timers, sockets and IPC get their turn between two of them instead of
 * waiting behind all of them. (A plain setImmediate per caller would not do: every immediate queued before the
 * loop reaches them runs in the same phase, back to back.)
 */

const waiting: Array<() => void> = [];
let scheduled = false;

function releaseOne(): void {
  const next = waiting.shift();
  // Queued from inside this phase, the next release runs at the loop's next turn, after its timers and I/O.
  if (waiting.length > 0) setImmediate(releaseOne);
  else scheduled = false;
  next?.();
}

/** Resolves in a later task of the event loop, one caller per turn of the loop, in the order they asked. */
export function ownTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(releaseOne);
    }
  });
}
