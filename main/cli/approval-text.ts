import { inputField, oneLine as flatten } from '../../shared/call-input';
import type { EngineEvent } from '../../shared/events';
import type { ApprovalSummary } from '../../shared/models';
import type { ApprovalAnswer } from '../../shared/policy';
import type { EngineLink } from './engine-link';

/*
 * Words the inbox commands (`attach`, `approvals`, `approve`, `deny`) share: how a call, an age, an answer and a
 * missing engine read on a terminal.
 */

/** Flattened to one line and cut at `max` characters: the input is whatever the model sent. */
export const oneLine = (text: string, max = 120): string => flatten(text, max);

const field = inputField;

/** "Bash: npm install", "Write report.md", "Grep TODO", else the tool and its input as JSON. */
export function callText(tool: string, input: unknown): string {
  const command = field(input, 'command');
  if (tool === 'Bash' && command !== null) return `Bash: ${oneLine(command)}`;
  const subject = field(input, 'path') ?? field(input, 'pattern');
  if (subject !== null) return `${tool} ${oneLine(subject)}`;
  let json: string;
  try {
    json = JSON.stringify(input) ?? '';
  } catch {
    json = String(input);
  }
  return `${tool} ${oneLine(json)}`;
}

/** "12s", "3m", "5h", "2d": how long ago `iso` was. */
export function ageText(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** "approved once", "approved for the session", "always allowed", "denied with the message …". */
export function answerText(answer: ApprovalAnswer): string {
  switch (answer.kind) {
    case 'allow_once':
      return 'approved once';
    case 'allow_session':
      return 'approved for the session';
    case 'allow_always':
      return 'always allowed';
    case 'deny':
      return answer.message ? `denied with the message "${oneLine(answer.message, 80)}"` : 'denied';
    default: {
      const never: never = answer;
      return String(never);
    }
  }
}

/** How an approval that is no longer pending was resolved, from its status and the answer stored with it. */
export function resolutionText(a: ApprovalSummary, answer: ApprovalAnswer | null, now: number): string {
  const when = a.resolvedAt ? ` ${ageText(a.resolvedAt, now)} ago` : '';
  switch (a.status) {
    case 'approved':
    case 'denied':
      return `approval ${a.ref} was already answered: ${answer ? answerText(answer) : a.status}${when}`;
    case 'cancelled':
      return `approval ${a.ref} is no longer pending: it was withdrawn when its prompt ${a.promptRef} ended${when}`;
    case 'pending':
      return `approval ${a.ref} is pending`;
    default: {
      const never: never = a.status;
      return String(never);
    }
  }
}

/** The answer stored with an approval: the last `approval_resolved` event its session recorded for it. */
export function storedAnswer(events: readonly EngineEvent[], approvalId: string): ApprovalAnswer | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type === 'approval_resolved' && e.approvalId === approvalId) return e.answer;
  }
  return null;
}

/** What a command says when it needs the running engine and none holds the data folder. */
export const noEngineText = (home: string): string =>
  `no Paragents engine is running for ${home}; start the app or \`paragents serve\``;

/** Settles when the engine of another process goes away (why, in one sentence); never for an in-process engine. */
export function engineGone(link: EngineLink): Promise<string> {
  const ended = (link as EngineLink & { ended?: Promise<string> }).ended;
  return link.remote && ended ? ended : new Promise<string>(() => undefined);
}

/** `approval abc123 | session reports | Write report.md — reason (12s ago)`-style line of a pending approval. */
export function pendingLine(a: ApprovalSummary, sessionLabel: string, now: number): string {
  return `${a.ref}  ${sessionLabel}  ${callText(a.tool, a.input)} — ${oneLine(a.decision.reason, 160)} (${ageText(a.createdAt, now)} ago)`;
}
