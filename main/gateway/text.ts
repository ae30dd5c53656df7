import type { ApprovalAnswer } from '../../shared/policy';
import { translator, type Translator } from '../../shared/i18n';

const EN = translator('en');

/*
 * How the engine's objects read in a chat: plain text, cut with care (whole lines where possible, never inside a
 * surrogate pair, always saying how much was left out). The input is whatever the model sent.
 */

/** `text` cut to at most `max` characters, ending with how many were left out. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = (n: number): string => `… (${n} more characters)`;
  let end = Math.max(0, max - note(text.length).length);
  // A line break near the end makes a cleaner cut than the middle of a line.
  const lineEnd = text.lastIndexOf('\n', end);
  if (lineEnd > end * 0.8) end = lineEnd;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}${note(text.length - end)}`;
}

/** One line, cut to `max`. */
export function oneLine(text: string, max: number): string {
  return cut(text.replace(/\s+/g, ' ').trim(), max);
}

/** "web-api (a1b2c3)", or the ref alone for a session without a name. */
export function sessionLabel(name: string | null, ref: string): string {
  return name ? `${oneLine(name, 60)} (${ref})` : ref;
}

const field = (input: unknown, key: string): string | null => {
  if (typeof input !== 'object' || input === null) return null;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
};

const lineCount = (text: string): number => (text === '' ? 0 : text.split('\n').length);

function json(input: unknown): string {
  try {
    return JSON.stringify(input, null, 1) ?? String(input);
  } catch {
    return String(input);
  }
}

function networkTarget(host: string, input: unknown): string {
  const port = typeof input === 'object' && input !== null ? (input as Record<string, unknown>).port : undefined;
  return `${host.includes(':') ? `[${host}]` : host}${typeof port === 'number' ? `:${port}` : ''}`;
}

/** The call as a person judges it: the command, the path and what changes, the URL; else the input as JSON. */
export function callText(tool: string, input: unknown, max = 1500, t: Translator = EN): string {
  const command = field(input, 'command');
  if (tool === 'Bash' && command !== null) return `$ ${cut(command, max)}`;
  const host = field(input, 'host');
  // A confined command's connection: where to, and the command that makes it.
  if (tool === 'Network' && host !== null) return `${networkTarget(host, input)}${command ? `\n$ ${cut(command, max)}` : ''}`;
  const path = field(input, 'path');
  if (tool === 'Write' && path !== null) {
    const content = field(input, 'content') ?? '';
    return `${t('gateway.call.write', { path: oneLine(path, 300), count: lineCount(content) })}\n${cut(content, Math.floor(max / 2))}`;
  }
  if (tool === 'Edit' && path !== null) {
    const before = field(input, 'old_string') ?? '';
    const after = field(input, 'new_string') ?? '';
    const all = typeof input === 'object' && input !== null && (input as Record<string, unknown>).replace_all === true;
    const half = Math.floor(max / 2);
    return (
      `${t('gateway.call.replace', {
        path: oneLine(path, 300),
        before: t('gateway.call.lines', { count: lineCount(before) }),
        after: t('gateway.call.lines', { count: lineCount(after) }),
        all: all ? t('gateway.call.everyOccurrence') : '',
      })}\n` +
      `- ${cut(before, half).replace(/\n/g, '\n- ')}\n+ ${cut(after, half).replace(/\n/g, '\n+ ')}`
    );
  }
  const url = field(input, 'url');
  if (tool === 'WebFetch' && url !== null) return oneLine(url, 500);
  const subject = path ?? field(input, 'pattern');
  if (subject !== null && ['Read', 'LS', 'Glob', 'Grep'].includes(tool)) return oneLine(subject, 500);
  return cut(json(input), max);
}

/** "allowed once", "allowed for the session", "always allowed", "denied with the message …". */
export function answerWords(answer: ApprovalAnswer, t: Translator = EN): string {
  switch (answer.kind) {
    case 'allow_once':
    case 'allow_session':
    case 'allow_children':
    case 'allow_always':
      return t(`gateway.answer.${answer.kind}`);
    case 'deny':
      return answer.message ? t('gateway.answer.denyWith', { message: oneLine(answer.message, 200) }) : t('gateway.answer.deny');
    default: {
      const never: never = answer;
      return String(never);
    }
  }
}
