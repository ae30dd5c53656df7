import { describe, expect, it, vi } from 'vitest';
import { createQuitGuard } from '../../main/electron/quit-guard';
import { createSessionSnapshotter } from '../../main/electron/session-snapshot';
import { ok } from '../../shared/result';
import { approval, approvalRequested, session } from './fakes';

describe('quit guard', () => {
  it('holds the first quit until everything is closed in order, then quits once', async () => {
    const order: string[] = [];
    const quit = vi.fn();
    // The engine closer finishes only when the test says so.
    let engineClosed = (): void => undefined;
    const engineClosing = new Promise<void>((resolve) => (engineClosed = resolve));
    const guard = createQuitGuard({
      closers: [
        () => void order.push('desktop'),
        async () => {
          await engineClosing;
          order.push('engine');
        },
      ],
      quit,
    });
    const prevent = vi.fn();
    expect(guard.onBeforeQuit(prevent)).toBe(true);
    expect(guard.onBeforeQuit(prevent)).toBe(true);
    expect(prevent).toHaveBeenCalledTimes(2);
    expect(guard.state).toBe('closing');
    expect(quit).not.toHaveBeenCalled();
    engineClosed();
    await guard.closed;
    expect(order).toEqual(['desktop', 'engine']);
    expect(quit).toHaveBeenCalledTimes(1);
    const prevented = vi.fn();
    expect(guard.onBeforeQuit(prevented)).toBe(false);
    expect(prevented).not.toHaveBeenCalled();
  });

  it('keeps closing after a failing closer and gives up on a stuck one', async () => {
    const report = vi.fn();
    const quit = vi.fn();
    const guard = createQuitGuard({
      closers: [() => Promise.reject(new Error('tray gone')), () => new Promise<void>(() => undefined)],
      quit,
      report,
      timeoutMs: 50,
    });
    guard.onBeforeQuit(() => undefined);
    await guard.closed;
    expect(quit).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledTimes(2);
  });
});

describe('session snapshot for the tray', () => {
  it('refreshes once per burst of relevant events and ignores streaming noise', async () => {
    vi.useFakeTimers();
    try {
      const list = vi.fn(async () => ok([session()]));
      const approvals = vi.fn(async () => ok([approval()]));
      const onChange = vi.fn();
      const snap = createSessionSnapshotter({ 'session.list': list, 'approval.list': approvals }, onChange, 100);
      snap.onEvent({ ...approvalRequested(), type: 'assistant_delta', text: 'x' } as never);
      snap.onEvent(approvalRequested());
      snap.onEvent(approvalRequested());
      await vi.advanceTimersByTimeAsync(150);
      expect(list).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ sessions: [session()], approvals: [approval()] });
      snap.onEvent(approvalRequested());
      snap.dispose();
      await vi.advanceTimersByTimeAsync(150);
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
