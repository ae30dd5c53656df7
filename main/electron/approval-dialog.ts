import type { EventOf } from '../../shared/events';
import type { ApprovalAnswer } from '../../shared/policy';
import { describeCall, sessionLabel } from './describe-call';

/*
 * The optional native approval dialog (a desktop setting), pure: the message box it shows and the answer
 * each button means. Deny is the default and the cancel button, so Escape or closing the box denies.
 */

export const APPROVAL_BUTTONS = ['Allow once', 'Allow for session', 'Deny'] as const;
const ANSWERS: readonly ApprovalAnswer[] = [{ kind: 'allow_once' }, { kind: 'allow_session' }, { kind: 'deny' }];
export const DENY_INDEX = 2;

export interface ApprovalDialogModel {
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
}

const fullInput = (input: unknown): string => {
  const text = typeof input === 'object' && input !== null && 'command' in input
    ? String((input as { command: unknown }).command)
    : JSON.stringify(input, null, 2) ?? '';
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
};

export function approvalDialogModel(event: EventOf<'approval_requested'>): ApprovalDialogModel {
  const who = sessionLabel(event.sessionName, event.sessionRef);
  return {
    title: 'Paragents — approval needed',
    message: `Session ${who} wants to ${describeCall(event.tool, event.input)}`,
    detail: `${event.tool}\n\n${fullInput(event.input)}\n\nWhy: ${event.decision.reason}`,
    buttons: [...APPROVAL_BUTTONS],
    defaultId: DENY_INDEX,
    cancelId: DENY_INDEX,
  };
}

/** The answer for the clicked button; anything unexpected denies. */
export const answerForButton = (index: number): ApprovalAnswer => ANSWERS[index] ?? { kind: 'deny' };
