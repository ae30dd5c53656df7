import { inputField, oneLine as flatten } from '../../shared/call-input';
import type { EngineEvent } from '../../shared/events';
import type { ApprovalSummary } from '../../shared/models';
import { shownText, type Msg, type Translator } from '../../shared/i18n';
import type { ApprovalAnswer } from '../../shared/policy';
import type { CliText } from './cli-text';
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
  const host = field(input, 'host');
  const port = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).port : undefined;
  // A confined command's connection: where to, then the command that makes it.
  if (tool === 'Network' && host !== null) return `Network ${host}${typeof port === 'number' ? `:${port}` : ''}${command ? ` (${oneLine(command, 80)})` : ''}`;
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

type AgeUnit = 'seconds' | 'minutes' | 'hours' | 'days';

/** How long ago `iso` was, in the largest unit that fits (hours up to two days); null for a bad date. */
function age(iso: string, now: number): { n: number; unit: AgeUnit } | null {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return null;
  if (seconds < 60) return { n: seconds, unit: 'seconds' };
  if (seconds < 3600) return { n: Math.floor(seconds / 60), unit: 'minutes' };
  if (seconds < 48 * 3600) return { n: Math.floor(seconds / 3600), unit: 'hours' };
  return { n: Math.floor(seconds / 86_400), unit: 'days' };
}

const AGE_SUFFIX: Record<AgeUnit, string> = { seconds: 's', minutes: 'm', hours: 'h', days: 'd' };

/** "12s", "3m", "5h", "2d": how long ago `iso` was, as `--json` output gives it (the same in every language). */
export function ageText(iso: string, now: number): string {
  const a = age(iso, now);
  return a ? `${a.n}${AGE_SUFFIX[a.unit]}` : '?';
}

/** The same age for a person, in the command's language: "12s" / "12 秒". */
export function ageWords(t: Translator, iso: string, now: number): string {
  const a = age(iso, now);
  return a ? t(`cliInbox.age.${a.unit}`, { n: a.n }) : '?';
}

/** "approved once", "approved for the session", "always allowed", "denied with the message …". */
export function answerText(t: Translator, answer: ApprovalAnswer): string {
  switch (answer.kind) {
    case 'allow_once':
    case 'allow_session':
    case 'allow_children':
    case 'allow_always':
      return t(`cliInbox.answer.${answer.kind}`);
    case 'deny':
      return answer.message ? t('cliInbox.answer.denyWith', { message: oneLine(answer.message, 80) }) : t('cliInbox.answer.deny');
    default: {
      const never: never = answer;
      return String(never);
    }
  }
}

/** How an approval that is no longer pending was resolved, from its status and the answer stored with it. */
export function resolutionText(t: Translator, a: ApprovalSummary, answer: ApprovalAnswer | null, now: number): string {
  const when = a.resolvedAt ? t('cliInbox.resolution.when', { age: ageWords(t, a.resolvedAt, now) }) : '';
  switch (a.status) {
    case 'approved':
    case 'denied':
      return t('cliInbox.resolution.answered', { ref: a.ref, answer: answer ? answerText(t, answer) : t(`cli.event.approvalStatus.${a.status}`), when });
    case 'cancelled':
      return t('cliInbox.resolution.withdrawn', { ref: a.ref, prompt: a.promptRef, when });
    case 'pending':
      return t('cliInbox.resolution.pending', { ref: a.ref });
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
export const noEngineText = (t: Translator, home: string): string => t('cliErrors.noEngine', { home });

/** Settles when the engine of another process goes away (why, in one sentence); never for an in-process engine. */
export function engineGone(link: EngineLink): Promise<Msg> {
  const ended = (link as EngineLink & { ended?: Promise<Msg> }).ended;
  return link.remote && ended ? ended : new Promise<Msg>(() => undefined);
}

/** `approval abc123 | session reports | Write report.md — reason (12s ago)`-style line of a pending approval. */
export function pendingLine({ lang, t }: CliText, a: ApprovalSummary, sessionLabel: string, now: number): string {
  return t('cliInbox.pending', {
    ref: a.ref,
    session: sessionLabel,
    call: callText(a.tool, a.input),
    reason: oneLine(shownText(lang, a.decision.reason, a.decision.reasonMsg), 160),
    age: ageWords(t, a.createdAt, now),
  });
}
