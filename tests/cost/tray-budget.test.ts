import { describe, expect, it } from 'vitest';
import { notificationFor, type FocusState } from '../../main/electron/notifications';
import { buildTrayModel, type TrayMenuItem } from '../../main/electron/tray-model';
import type { EngineEvent } from '../../shared/events';
import { session } from '../electron/fakes';

const all = { approvals: true, turns: true };
const background: FocusState = { windowFocused: false, focusedSessionId: null };
const labels = (items: readonly TrayMenuItem[]): string[] => items.map((i) => (i.kind === 'separator' ? '---' : i.label));

const reached: EngineEvent = {
  type: 'budget_reached', seq: 9, ts: '2025-01-01T00:00:00Z', sessionId: 'sess-1', sessionRef: 'a1b2c3', sessionName: 'web-api',
  promptId: 'p-1', promptRef: '100000', kind: 'daily', unit: 'usd', limit: 1, used: 1.02,
};

describe('a session paused at a budget in the tray', () => {
  it('is counted with the pending approvals and named in the session list', () => {
    const stopped = session({ status: 'paused', pendingApprovals: 0, budgetStop: { kind: 'session', unit: 'tokens', limit: 1000, used: 1400 } });
    const model = buildTrayModel([stopped, session({ id: 'sess-2', ref: 'bbbbbb', name: null, status: 'running', pendingApprovals: 0 })], []);
    expect(model.badgeCount).toBe(1);
    expect(model.title).toBe('1');
    expect(model.tooltip).toBe('Paragents — 1 session at a budget');
    expect(labels(model.menu)).toContain('web-api — paused (budget reached)');
    expect(buildTrayModel([session({ status: 'paused', pendingApprovals: 0 })], []).badgeCount).toBe(0);
  });

  it('raises a notification that focuses the session, unless its card is in front', () => {
    expect(notificationFor(reached, background, all)).toEqual({
      key: 'budget:sess-1',
      title: 'Session web-api: budget reached',
      body: "Paused: today's budget of $1.00 is used up ($1.02). Raise it, resume once or stop.",
      focus: { sessionId: 'sess-1', approvalId: null },
    });
    expect(notificationFor(reached, { windowFocused: true, focusedSessionId: 'sess-1' }, all)).toBeNull();
    expect(notificationFor(reached, { windowFocused: true, focusedSessionId: 'sess-2' }, all)).not.toBeNull();
    expect(notificationFor(reached, background, { ...all, approvals: false })).toBeNull();
  });
});
