import { describe, expect, it } from 'vitest';
import { answerForButton, approvalDialogModel, DENY_INDEX } from '../../main/electron/approval-dialog';
import { describeCall } from '../../main/electron/describe-call';
import { notificationFor, notificationToDismiss, type FocusState } from '../../main/electron/notifications';
import { buildTrayModel, MAX_TRAY_APPROVALS, type TrayMenuItem } from '../../main/electron/tray-model';
import { approval, approvalRequested, approvalResolved, session, turnCompleted, turnFailed } from './fakes';

const all = { approvals: true, turns: true };
const background: FocusState = { windowFocused: false, focusedSessionId: null };
const front: FocusState = { windowFocused: true, focusedSessionId: null };

describe('notifications', () => {
  it('announces a pending approval only while the window is in the background', () => {
    const intent = notificationFor(approvalRequested(), background, all);
    expect(intent).toEqual({
      key: 'approval:appr-1',
      title: 'Approval needed',
      body: 'Session web-api wants to run `npm install`',
      focus: { sessionId: 'sess-1', approvalId: 'appr-1' },
    });
    expect(notificationFor(approvalRequested(), front, all)).toBeNull();
    expect(notificationFor(approvalRequested(), background, { ...all, approvals: false })).toBeNull();
  });

  it('names the session by its ref when it has no name', () => {
    expect(notificationFor(approvalRequested({ sessionName: null }), background, all)?.body).toBe('Session a1b2c3 wants to run `npm install`');
  });

  it('announces finished and failed turns of sessions that are not in focus', () => {
    expect(notificationFor(turnCompleted(), background, all)).toMatchObject({ title: 'Session web-api finished', body: 'All tests pass. Done.' });
    expect(notificationFor(turnFailed(), background, all)).toMatchObject({ title: 'Session web-api failed', body: 'model timed out' });
    expect(notificationFor(turnCompleted(), front, all)).toBeNull();
    expect(notificationFor(turnCompleted('sess-1'), { windowFocused: true, focusedSessionId: 'sess-1' }, all)).toBeNull();
    expect(notificationFor(turnCompleted('sess-1'), { windowFocused: true, focusedSessionId: 'sess-2' }, all)).not.toBeNull();
    expect(notificationFor(turnCompleted(), background, { ...all, turns: false })).toBeNull();
  });

  it('dismisses an approval notification once the approval is answered elsewhere', () => {
    expect(notificationToDismiss(approvalResolved('appr-1'))).toBe('approval:appr-1');
    expect(notificationToDismiss(turnCompleted())).toBeNull();
  });

  it('describes calls in one short line of plain text', () => {
    expect(describeCall('Edit', { path: 'src/a.ts' })).toBe('edit `src/a.ts`');
    expect(describeCall('Grep', { pattern: 'TODO' })).toBe('search `TODO`');
    expect(describeCall('Bash', { command: 'echo a\n\n  echo b' })).toBe('run `echo a echo b`');
    expect(describeCall('Bash', { command: 'x'.repeat(500) }).length).toBeLessThan(120);
    expect(describeCall('Mystery', 42)).toBe('use Mystery');
  });
});

const labels = (items: readonly TrayMenuItem[]): string[] => items.map((i) => (i.kind === 'separator' ? '---' : i.label));

describe('tray model', () => {
  it('counts pending approvals and offers answers for each', () => {
    const model = buildTrayModel(
      [session(), session({ id: 'sess-2', ref: 'bbbbbb', name: null, status: 'running', pendingApprovals: 0 })],
      [approval(), approval({ id: 'appr-2', status: 'approved' })],
    );
    expect(model.badgeCount).toBe(1);
    expect(model.title).toBe('1');
    expect(model.tooltip).toBe('Paragents — 1 approval pending');
    expect(labels(model.menu)).toEqual([
      '1 approval pending',
      'web-api: run `npm install`',
      '---',
      'Sessions',
      'web-api — waiting for approval (1 pending)',
      'bbbbbb — running',
      '---',
      'Open Folder…',
      'Show Paragents',
      'Quit',
    ]);
    const sub = model.menu[1];
    expect(sub?.kind).toBe('submenu');
    if (sub?.kind === 'submenu') {
      expect(sub.items.flatMap((i) => (i.kind === 'action' ? [i.action] : []))).toEqual([
        { kind: 'answer', approvalId: 'appr-1', answer: { kind: 'allow_once' } },
        { kind: 'answer', approvalId: 'appr-1', answer: { kind: 'allow_session' } },
        { kind: 'answer', approvalId: 'appr-1', answer: { kind: 'deny' } },
        { kind: 'focus', sessionId: 'sess-1', approvalId: 'appr-1' },
      ]);
    }
  });

  it('is quiet when nothing is pending, hides closed sessions and caps long lists', () => {
    const empty = buildTrayModel([session({ closedAt: '2025-01-02T00:00:00.000Z' })], []);
    expect(empty.badgeCount).toBe(0);
    expect(empty.title).toBe('');
    expect(labels(empty.menu).slice(0, 4)).toEqual(['No approvals pending', '---', 'No sessions', '---']);
    const many = Array.from({ length: MAX_TRAY_APPROVALS + 3 }, (_, i) => approval({ id: `a${i}` }));
    const model = buildTrayModel([session()], many);
    expect(model.badgeCount).toBe(MAX_TRAY_APPROVALS + 3);
    expect(labels(model.menu)).toContain('…and 3 more');
  });
});

describe('native approval dialog', () => {
  it('asks with Allow once / Allow for session / Deny, Deny being default and cancel', () => {
    const model = approvalDialogModel(approvalRequested() as Parameters<typeof approvalDialogModel>[0]);
    expect(model.buttons).toEqual(['Allow once', 'Allow for session', 'Deny']);
    expect(model.message).toBe('Session web-api wants to run `npm install`');
    expect(model.detail).toContain('npm install');
    expect(model.detail).toContain('installs packages');
    expect(model.defaultId).toBe(DENY_INDEX);
    expect(model.cancelId).toBe(DENY_INDEX);
    expect([0, 1, 2, 3, -1].map(answerForButton)).toEqual([
      { kind: 'allow_once' },
      { kind: 'allow_session' },
      { kind: 'deny' },
      { kind: 'deny' },
      { kind: 'deny' },
    ]);
  });
});
