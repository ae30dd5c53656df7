// Turns admitted together start one per turn of the event loop: a timer (or a socket, or IPC) that is due gets
// its turn between two of them rather than after all of them.
import { describe, expect, it } from 'vitest';
import { ownTask } from '../../main/core/kernel/own-task';

const busy = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // the synchronous preparation of a turn
  }
};

describe('ownTask', () => {
  it('lets a due timer run between callers that asked at the same time', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    busy(5); // the timer is due before anyone is released
    await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        await ownTask();
        order.push(`turn ${n}`);
        busy(5);
      }),
    );
    expect(order.filter((o) => o.startsWith('turn'))).toEqual(['turn 1', 'turn 2', 'turn 3', 'turn 4']);
    // Not after all four: the loop went round (timers first) before the last was released.
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('turn 4'));
    expect(order.indexOf('timer')).toBeGreaterThan(-1);
  });

  it('releases later callers too once the queue has emptied', async () => {
    await ownTask();
    const done: number[] = [];
    await Promise.all([ownTask().then(() => done.push(1)), ownTask().then(() => done.push(2))]);
    expect(done).toEqual([1, 2]);
  });
});
