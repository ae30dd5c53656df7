import type { AssistantToolCall, ChatMessage } from '../model/types';
import type { TranscriptRow } from './compaction-types';
import { outcomeOf, shownArguments } from './input-stubs';

const INPUT_CHARS = 120;

/** Tool calls by id, from the assistant messages of a transcript. */
export function toolCallsById(rows: readonly TranscriptRow[]): Map<string, AssistantToolCall> {
  const calls = new Map<string, AssistantToolCall>();
  for (const row of rows) {
    if (row.message.role !== 'assistant') continue;
    for (const call of row.message.tool_calls ?? []) calls.set(call.id, call);
  }
  return calls;
}

/** A call's input on one line, short: the JSON as sent, whitespace collapsed, cut with an ellipsis. */
export function shortInput(args: string): string {
  let text = args;
  try {
    text = JSON.stringify(JSON.parse(args));
  } catch {
    // Arguments that are not JSON are shown as sent.
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > INPUT_CHARS ? `${text.slice(0, INPUT_CHARS - 1)}…` : text;
}

/** The one line that stands for a pruned tool output: tool, input and the size of what was there. */
export function stubText(call: AssistantToolCall | undefined, output: string): string {
  const name = call?.function.name ?? 'tool';
  const input = call ? ` ${shortInput(shownArguments(call, outcomeOf(output)))}` : '';
  return `[output pruned: ${name}${input} — ${output.length.toLocaleString('en-US')} characters]`;
}

/** The tool message shown instead of a pruned one (same call id, so the pairing stays valid). */
export function stubMessage(message: Extract<ChatMessage, { role: 'tool' }>, calls: ReadonlyMap<string, AssistantToolCall>): ChatMessage {
  return { role: 'tool', tool_call_id: message.tool_call_id, content: stubText(calls.get(message.tool_call_id), message.content) };
}
