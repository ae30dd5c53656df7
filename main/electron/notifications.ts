import type { EngineEvent } from '../../shared/events';
import type { FocusRoute } from '../../shared/focus-route';
import { describeCall, oneLine, sessionLabel } from './describe-call';
import { budgetStopText } from '../../shared/cost';

/*
 * When to raise a native notification, pure. A pending approval notifies only while the window is not in
 * front (unfocused or minimised): in front, the card itself is the notification. A finished or failed turn
 * notifies when its session is not the one in focus (window in the background, or another card focused).
 * Clicking a notification focuses that session's card (the `focus` route).
 */

export interface FocusState {
  /** Focused, visible and not minimised. */
  windowFocused: boolean;
  /** The card the page reports as focused (location hash), when it does. */
  focusedSessionId: string | null;
}

export interface NotificationSettings {
  approvals: boolean;
  turns: boolean;
}

export interface NotificationIntent {
  /** Stable per subject, so a later event can replace or dismiss it. */
  key: string;
  title: string;
  body: string;
  focus: FocusRoute;
}

export const isSessionOutOfFocus = (focus: FocusState, sessionId: string): boolean =>
  !focus.windowFocused || (focus.focusedSessionId !== null && focus.focusedSessionId !== sessionId);

export const approvalKey = (approvalId: string): string => `approval:${approvalId}`;

export function notificationFor(
  event: EngineEvent,
  focus: FocusState,
  settings: NotificationSettings,
): NotificationIntent | null {
  const who = sessionLabel(event.sessionName, event.sessionRef);
  switch (event.type) {
    case 'approval_requested':
      if (!settings.approvals || focus.windowFocused) return null;
      return {
        key: approvalKey(event.approvalId),
        title: 'Approval needed',
        body: `Session ${who} wants to ${describeCall(event.tool, event.input)}`,
        focus: { sessionId: event.sessionId, approvalId: event.approvalId },
      };
    case 'turn_completed':
      if (!settings.turns || !isSessionOutOfFocus(focus, event.sessionId)) return null;
      return {
        key: `turn:${event.sessionId}`,
        title: `Session ${who} finished`,
        body: oneLine(event.content, 160) || 'The turn completed.',
        focus: { sessionId: event.sessionId, approvalId: null },
      };
    case 'turn_failed':
      if (!settings.turns || !isSessionOutOfFocus(focus, event.sessionId)) return null;
      return {
        key: `turn:${event.sessionId}`,
        title: `Session ${who} failed`,
        body: oneLine(event.error, 160) || 'The turn failed.',
        focus: { sessionId: event.sessionId, approvalId: null },
      };
    case 'budget_reached':
      // Like an approval, it waits on a person: shown unless its card is in front.
      if (!settings.approvals || !isSessionOutOfFocus(focus, event.sessionId)) return null;
      return {
        key: `budget:${event.sessionId}`,
        title: `Session ${who}: budget reached`,
        body: `Paused: ${budgetStopText(event)}. Raise it, resume once or stop.`,
        focus: { sessionId: event.sessionId, approvalId: null },
      };
    default:
      return null;
  }
}

/** The notification an event makes obsolete (an approval answered elsewhere), if any. */
export function notificationToDismiss(event: EngineEvent): string | null {
  return event.type === 'approval_resolved' ? approvalKey(event.approvalId) : null;
}
