import type { TranscriptRow, ViewCounter } from './compaction-types';

export const PROMPTS_HEADING = "## The person's earlier prompts, verbatim, oldest first";

export interface PromptsBlock {
  /** Null when there is no prompt before the cut. */
  text: string | null;
  shown: number;
  elided: number;
}

export const elisionMarker = (n: number): string => `[${n} earlier ${n === 1 ? 'prompt' : 'prompts'} elided]`;

const wrap = (n: number, text: string): string => `<prompt number="${n}">\n${text}\n</prompt>`;

/**
 * Every prompt the person wrote up to `coversThrough` (user messages), verbatim: chosen newest first while they
 * fit in `budget` tokens, shown oldest first, with a marker counting the older ones left out. `keepNewest`
 * shows the newest even over budget (the prompt of the turn in progress, when the cut falls inside it).
 */
export function buildPromptsBlock(
  rows: readonly TranscriptRow[],
  coversThrough: number,
  budget: number,
  counter: ViewCounter,
  keepNewest = false,
): PromptsBlock {
  const prompts = rows.filter((r) => r.id <= coversThrough && r.message.role === 'user').map((r) => r.message.content as string);
  if (prompts.length === 0) return { text: null, shown: 0, elided: 0 };
  const chosen: string[] = [];
  let used = counter.countText(PROMPTS_HEADING);
  for (let i = prompts.length - 1; i >= 0; i--) {
    const part = wrap(i + 1, prompts[i] as string);
    const cost = counter.countText(part) + 1;
    if (used + cost > budget && !(keepNewest && chosen.length === 0)) break;
    chosen.unshift(part);
    used += cost;
  }
  const elided = prompts.length - chosen.length;
  const lines = [PROMPTS_HEADING];
  if (elided > 0) lines.push(elisionMarker(elided));
  lines.push(...chosen);
  return { text: lines.join('\n'), shown: chosen.length, elided };
}
