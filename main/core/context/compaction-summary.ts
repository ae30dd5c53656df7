import { ModelError, type ChatMessage, type ModelClient, type ModelUsage } from '../model/types';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import { thrownSentence } from '../../../shared/msg-error';
import type { TranscriptRow, ViewCounter } from './compaction-types';
import type { Sizer } from './compaction-plan';
import { callOutcomes, shownArguments, type CallOutcome } from './input-stubs';
import { shortInput, stubText, toolCallsById } from './view-stubs';

export const SUMMARY_HEADINGS = [
  'Goal',
  'Decisions and why',
  'Files read and changed',
  'Commands run and their outcome',
  'Open tasks',
  'Unresolved errors',
] as const;

const SUMMARY_SYSTEM = [
  'You condense the history of a coding agent session into its working memory.',
  'The agent will continue the session from your summary alone: the older messages will no longer be in its context.',
  'Keep every fact the agent needs to go on: exact file paths, names, commands, error messages, numbers and decisions.',
  'Do not invent anything that is not in the history. Write plain Markdown.',
].join(' ');

/** Tool outputs up to this size go to the summariser whole; larger ones as a stub with their last lines. */
const WHOLE_OUTPUT_TOKENS = 256;
const OUTPUT_TAIL_CHARS = 300;
const CALL_INPUT_CHARS = 300;
/** Tokens kept free in the summary request besides the material and the instructions (framing, rounding). */
const REQUEST_SLACK = 64;

export interface SummaryInput {
  client: ModelClient;
  counter: ViewCounter;
  sizer: Sizer;
  /** Tokens a request may use (the window less the room for the answer). */
  usable: number;
  previousSummary: string | null;
  /** The rows the summary covers (newly covered by the cut). */
  rows: readonly TranscriptRow[];
  /** The whole transcript, to name the tool of each output. */
  allRows: readonly TranscriptRow[];
  /** Longest summary kept, in tokens. */
  maxTokens: number;
  focus: string | null;
  signal: AbortSignal;
  onDelta?: (text: string) => void;
}

export type SummaryOutcome =
  | { ok: true; text: string; usage: { provider: string; model: string; usage: ModelUsage } | null }
  | { ok: false; error: string; errorMsg: Msg | null };

function block(row: TranscriptRow, input: SummaryInput, calls: ReturnType<typeof toolCallsById>, outcomes: ReadonlyMap<string, CallOutcome>): string {
  const m = row.message;
  switch (m.role) {
    case 'system':
      return '';
    case 'user':
      return `### Person\n${m.content}`;
    case 'assistant': {
      const lines = [`### Assistant`];
      if (m.content) lines.push(m.content);
      for (const call of m.tool_calls ?? []) {
        // A large Write or Edit is told by its stub (path, size, sha256), as the model was shown it.
        const args = shortInput(shownArguments(call, outcomes.get(call.id) ?? 'unanswered'));
        lines.push(`→ called ${call.function.name} ${args.length > CALL_INPUT_CHARS ? `${args.slice(0, CALL_INPUT_CHARS)}…` : args}`);
      }
      return lines.join('\n');
    }
    case 'tool': {
      const call = calls.get(m.tool_call_id);
      const name = call?.function.name ?? 'tool';
      if (input.sizer.tok(row) <= WHOLE_OUTPUT_TOKENS) return `### Result of ${name}\n${m.content}`;
      const tail = m.content.slice(-OUTPUT_TAIL_CHARS).trimStart();
      return `### Result of ${name}\n${stubText(call, m.content)}\n… it ended with:\n${tail}`;
    }
    default: {
      const never: never = m;
      return never;
    }
  }
}

/** Keeps about `tokens` of `text`: its start and its end, with a marker where the middle was cut. */
function shorten(text: string, tokens: number, counter: ViewCounter): string {
  const have = counter.countText(text);
  if (have <= tokens) return text;
  const keep = Math.max(0, Math.floor((text.length * tokens) / have) - 80);
  const half = Math.floor(keep / 2);
  return `${text.slice(0, half)}\n[… ${text.length - keep} characters cut to fit the summariser's window …]\n${text.slice(text.length - half)}`;
}

/** The history as text for the summariser, oldest messages dropped (with a marker) until it fits `available`. */
export function summaryMaterial(input: SummaryInput, available: number): string {
  const { counter } = input;
  const calls = toolCallsById(input.allRows);
  const rows = input.rows.filter((r) => r.message.role !== 'system');
  const outcomes = callOutcomes(input.allRows.map((r) => r.message));
  const blocks = rows.map((r) => block(r, input, calls, outcomes));
  // A block holds at most its message's text plus a label: the stored count (plus the label) bounds it without
  // tokenizing the history again; only the short stub blocks of large outputs are counted.
  const sizes = rows.map((r, i) =>
    r.message.role === 'tool' && input.sizer.tok(r) > WHOLE_OUTPUT_TOKENS ? counter.countText(blocks[i] as string) + 1 : input.sizer.tok(r) + 8,
  );
  let previous = input.previousSummary === null ? null : `## Summary written at the previous compaction\n\n${input.previousSummary}`;
  let prevSize = previous === null ? 0 : counter.countText(previous) + 1;
  if (prevSize > available / 2 && previous !== null) {
    previous = shorten(previous, Math.floor(available / 2), counter);
    prevSize = counter.countText(previous) + 1;
  }
  let total = prevSize + sizes.reduce((a, b) => a + b, 0);
  let dropped = 0;
  while (total > available && dropped < blocks.length - 1) {
    total -= sizes[dropped] as number;
    dropped++;
  }
  const kept = blocks.slice(dropped);
  if (total > available && kept.length > 0) kept[0] = shorten(kept[0] as string, Math.max(0, available - prevSize - 32), counter);
  const parts: string[] = [];
  if (previous !== null) parts.push(previous);
  parts.push('## The conversation since then');
  if (dropped > 0) parts.push(`[… ${dropped} earlier ${dropped === 1 ? 'message was' : 'messages were'} cut to fit the summariser's context window …]`);
  parts.push(...kept);
  return parts.join('\n\n');
}

function request(input: SummaryInput): string {
  const words = Math.max(100, Math.floor(input.maxTokens * 0.6));
  const lines = [
    `Write the summary now, in at most about ${words} words, under exactly these headings (## level), each one present even when empty ("none"):`,
    ...SUMMARY_HEADINGS.map((h) => `## ${h}`),
    'Merge what the previous summary says with what happened since; drop what has become irrelevant.',
  ];
  if (input.focus) lines.push(`The person asked the summary to focus on: ${input.focus}`);
  return lines.join('\n');
}

/**
 * Asks the model for the structured summary: an ordinary streamed chat completion without tools, cancelled
 * by `signal` (a cancellation is thrown as the model client throws it). Any other failure comes back as
 * `{ ok: false }`. A refusal for size is retried once with half the material.
 */
const refused = (why: Msg): SummaryOutcome => ({ ok: false, error: english(why), errorMsg: why });

export async function writeSummary(input: SummaryInput): Promise<SummaryOutcome> {
  const { counter } = input;
  const system: ChatMessage = { role: 'system', content: SUMMARY_SYSTEM };
  const ask = request(input);
  let available = input.usable - counter.countMessage(system) - counter.countText(ask) - REQUEST_SLACK - 8;
  for (let attempt = 0; ; attempt++) {
    if (available <= 0) return refused(msg('engineErrors.context.noRoomToSummarise'));
    const material = summaryMaterial(input, available);
    const messages: ChatMessage[] = [system, { role: 'user', content: `${material}\n\n---\n\n${ask}` }];
    try {
      const turn = await input.client.complete({ messages, tools: [], signal: input.signal, onDelta: input.onDelta });
      const text = turn.content.trim();
      if (text === '') return refused(msg('engineErrors.context.emptySummary'));
      const kept = counter.countText(text) > input.maxTokens ? `${shorten(text, input.maxTokens - 16, counter)}` : text;
      return { ok: true, text: kept, usage: turn.usage ? { provider: turn.provider, model: turn.model, usage: turn.usage } : null };
    } catch (e) {
      if (input.signal.aborted || (e instanceof ModelError && e.kind === 'aborted')) throw e;
      if (e instanceof ModelError && e.kind === 'context_overflow' && attempt === 0) {
        const window = e.overflow?.window;
        available = Math.floor((window ? Math.min(available, window * 0.6) : available) / 2);
        continue;
      }
      if (e instanceof ModelError) return refused(e.msg);
      // Anything else thrown is said as it was written.
      const said = thrownSentence(e);
      return typeof said === 'string' ? { ok: false, error: said, errorMsg: null } : refused(said);
    }
  }
}
