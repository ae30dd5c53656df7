/** A person's comment on a line range of one changed file, for the agent to address. */
export interface ReviewComment {
  id: string;
  /** The file as the Changes view shows it (relative to the session's folder). */
  file: string;
  /** `new`: lines of the file as the session left it; `old`: lines of the file before its change. */
  side: 'old' | 'new';
  from: number;
  to: number;
  text: string;
  /** The commented lines, quoted to the agent. */
  quote: string[];
}

/** Lines quoted per comment at most; a longer range is cut with an ellipsis line. */
export const QUOTE_MAX = 12;

/** Lines `from`..`to` (1-based, inclusive) of a text. */
export function linesOf(text: string | null, from: number, to: number): string[] {
  if (text === null) return [];
  return text.split('\n').slice(from - 1, to);
}

const where = (c: ReviewComment): string =>
  `${c.file}:${c.from === c.to ? c.from : `${c.from}-${c.to}`}${c.side === 'old' ? ' (before the change)' : ''}`;

/**
 * The one prompt that carries every comment: each file:line range with its comment and the lines quoted.
 * It goes to the model as written, in English like the rest of what the model reads.
 */
export function reviewPrompt(comments: readonly ReviewComment[]): string {
  const items = comments.map((c) => {
    const text = c.text.trim().split('\n').join('\n  ');
    const quoted = c.quote.slice(0, QUOTE_MAX).map((l) => `  > ${l}`);
    if (c.quote.length > QUOTE_MAX) quoted.push('  > …');
    return [`- ${where(c)}: ${text}`, ...quoted].join('\n');
  });
  return `Please address these review comments:\n\n${items.join('\n')}`;
}
