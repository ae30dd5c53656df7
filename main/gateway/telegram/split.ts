/** Telegram's longest message text and caption. */
export const MESSAGE_LIMIT = 4096;
/** Longer texts than this many messages' worth go as a file instead (a wall of messages helps no one on a phone). */
const MAX_PARTS = 3;

export interface TextPlan {
  /** The messages to send, in order. */
  parts: string[];
  /** The whole text, sent as a file after the first part when it is too long for a few messages. */
  attachment: string | null;
}

/** Where to end a part of at most `max` characters: at a line break or space near the end, never inside a surrogate pair. */
function partEnd(text: string, max: number): number {
  if (text.length <= max) return text.length;
  for (const sep of ['\n', ' ']) {
    const at = text.lastIndexOf(sep, max - 1);
    if (at > max * 0.6) return at + 1;
  }
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** Splits a long text into a few messages, or a first part plus the whole text as a file. */
export function planText(text: string, limit = MESSAGE_LIMIT): TextPlan {
  if (text.length <= limit) return { parts: [text], attachment: null };
  const parts: string[] = [];
  let rest = text;
  while (rest.length > 0 && parts.length <= MAX_PARTS) {
    const end = partEnd(rest, limit);
    parts.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest.length === 0 && parts.length <= MAX_PARTS) return { parts, attachment: null };
  const note = '\n… (the whole text is in the attached file)';
  const first = text.slice(0, partEnd(text, limit - note.length));
  return { parts: [`${first}${note}`], attachment: text };
}

/** A text cut to the limit, for edits (an edit cannot attach a file). */
export function fitText(text: string, limit = MESSAGE_LIMIT): string {
  if (text.length <= limit) return text;
  const note = '\n… (cut)';
  return `${text.slice(0, partEnd(text, limit - note.length))}${note}`;
}
