import type { ApprovalSummary, SessionSummary } from '../../shared/models';
import type { ApprovalAnswer } from '../../shared/policy';
import type { SessionStatus } from '../../shared/status';
import { missingCase } from '../../shared/result';
import { describeCall, sessionLabel } from './describe-call';

/*
 * What the tray shows, computed from the session and approval lists: the pending count (title/badge), a menu
 * of pending approvals (each answerable from the menu), the open sessions with their status, and the app
 * actions. Pure data; tray.ts turns it into an Electron Menu and routes the actions.
 */

export type TrayAction =
  | { kind: 'show' }
  | { kind: 'quit' }
  | { kind: 'open_folder' }
  | { kind: 'focus'; sessionId: string; approvalId: string | null }
  | { kind: 'answer'; approvalId: string; answer: ApprovalAnswer };

export type TrayMenuItem =
  | { kind: 'separator' }
  | { kind: 'label'; label: string }
  | { kind: 'action'; label: string; action: TrayAction }
  | { kind: 'submenu'; label: string; items: TrayMenuItem[] };

export interface TrayModel {
  /** Pending approvals: the tray title (macOS) and the app badge. */
  badgeCount: number;
  title: string;
  tooltip: string;
  menu: TrayMenuItem[];
}

export const MAX_TRAY_APPROVALS = 10;
export const MAX_TRAY_SESSIONS = 15;

export function statusLabel(status: SessionStatus): string {
  switch (status) {
    case 'idle':
      return 'idle';
    case 'running':
      return 'running';
    case 'queued':
      return 'queued';
    case 'waiting_approval':
      return 'waiting for approval';
    case 'conflict':
      return 'conflict';
    case 'paused':
      return 'paused';
    case 'interrupted':
      return 'interrupted';
    case 'completed':
      return 'done';
    case 'failed':
      return 'failed';
    case 'closed':
      return 'closed';
    default:
      return missingCase(status);
  }
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function approvalItem(approval: ApprovalSummary, sessionName: string): TrayMenuItem {
  return {
    kind: 'submenu',
    label: `${sessionName}: ${describeCall(approval.tool, approval.input, 60)}`,
    items: [
      { kind: 'action', label: 'Allow once', action: { kind: 'answer', approvalId: approval.id, answer: { kind: 'allow_once' } } },
      { kind: 'action', label: 'Allow for session', action: { kind: 'answer', approvalId: approval.id, answer: { kind: 'allow_session' } } },
      { kind: 'action', label: 'Deny', action: { kind: 'answer', approvalId: approval.id, answer: { kind: 'deny' } } },
      { kind: 'separator' },
      { kind: 'action', label: 'Show in Paragents', action: { kind: 'focus', sessionId: approval.sessionId, approvalId: approval.id } },
    ],
  };
}

export function buildTrayModel(sessions: readonly SessionSummary[], approvals: readonly ApprovalSummary[]): TrayModel {
  const pending = approvals.filter((a) => a.status === 'pending');
  const open = sessions.filter((s) => s.closedAt === null);
  const nameOf = new Map(sessions.map((s) => [s.id, sessionLabel(s.name, s.ref)]));

  const menu: TrayMenuItem[] = [];
  menu.push({ kind: 'label', label: pending.length === 0 ? 'No approvals pending' : `${plural(pending.length, 'approval')} pending` });
  for (const approval of pending.slice(0, MAX_TRAY_APPROVALS)) {
    menu.push(approvalItem(approval, nameOf.get(approval.sessionId) ?? approval.sessionRef));
  }
  if (pending.length > MAX_TRAY_APPROVALS) {
    menu.push({ kind: 'label', label: `…and ${pending.length - MAX_TRAY_APPROVALS} more` });
  }

  menu.push({ kind: 'separator' });
  menu.push({ kind: 'label', label: open.length === 0 ? 'No sessions' : 'Sessions' });
  for (const session of open.slice(0, MAX_TRAY_SESSIONS)) {
    const waiting = session.pendingApprovals > 0 ? ` (${session.pendingApprovals} pending)` : session.budgetStop ? ' (budget reached)' : '';
    menu.push({
      kind: 'action',
      label: `${sessionLabel(session.name, session.ref)} — ${statusLabel(session.status)}${waiting}`,
      action: { kind: 'focus', sessionId: session.id, approvalId: null },
    });
  }
  if (open.length > MAX_TRAY_SESSIONS) menu.push({ kind: 'label', label: `…and ${open.length - MAX_TRAY_SESSIONS} more` });

  menu.push({ kind: 'separator' });
  menu.push({ kind: 'action', label: 'Open Folder…', action: { kind: 'open_folder' } });
  menu.push({ kind: 'action', label: 'Show Paragents', action: { kind: 'show' } });
  menu.push({ kind: 'action', label: 'Quit', action: { kind: 'quit' } });

  // Sessions paused at a budget wait on a person too: counted with the approvals.
  const atBudget = open.filter((s) => s.budgetStop).length;
  const waitingOn = [...(pending.length > 0 ? [`${plural(pending.length, 'approval')} pending`] : []), ...(atBudget > 0 ? [`${plural(atBudget, 'session')} at a budget`] : [])];
  const count = pending.length + atBudget;
  return {
    badgeCount: count,
    title: count > 0 ? String(count) : '',
    tooltip: waitingOn.length > 0 ? `Paragents — ${waitingOn.join(', ')}` : 'Paragents',
    menu,
  };
}
