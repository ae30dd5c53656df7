import { createHash } from 'node:crypto';
import type { AssistantToolCall, ChatMessage } from '../model/types';

/**
 * A Write or Edit whose input (its arguments JSON, in UTF-8 bytes) is larger than this is shown to the model as a
 * stub once applied: the text is in the file by then, and sending it again with every later request would fill
 * the window with it (a 1 MB Write would make every following request fail).
 */
export const STUB_INPUT_BYTES = 4 * 1024;

/**
 * Tool results of calls that failed begin with this (CallRecord writes `Error: …` for them), so the view can
 * tell a stub "written" from "failed".
 */
const FAILED_RESULT_PREFIX = 'Error: ';

/** How a call ended, as its tool message tells: applied, failed, or not answered yet. */
export type CallOutcome = 'written' | 'failed' | 'unanswered';

const STATUS: Record<CallOutcome, string> = {
  written: 'written',
  failed: 'failed (see the tool result)',
  unanswered: 'not answered yet',
};

/** What the stub says about the text the call put in the file, for each tool whose input is file text. */
const FILE_TEXT_FIELDS: Record<string, { text: string; alsoSized: readonly string[]; kept: readonly string[] }> = {
  Write: { text: 'content', alsoSized: [], kept: [] },
  Edit: { text: 'new_string', alsoSized: ['old_string'], kept: ['replace_all'] },
};

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function parsedInput(args: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(args);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** True when this call's input is file text too large to be shown again (see STUB_INPUT_BYTES). */
export function hasLargeFileInput(call: AssistantToolCall): boolean {
  const args = call.function.arguments;
  // A string of n UTF-16 units is at least n bytes of UTF-8: most calls are decided without measuring.
  if (!(call.function.name in FILE_TEXT_FIELDS) || args.length * 3 <= STUB_INPUT_BYTES) return false;
  return args.length > STUB_INPUT_BYTES || Buffer.byteLength(args, 'utf8') > STUB_INPUT_BYTES;
}

// The engine rebuilds the view at every step from the same parsed messages (the store keeps a working session's
// transcript in memory): each large input is parsed and hashed once, not at every step.
const described = new WeakMap<AssistantToolCall, Record<string, unknown>>();

/** The stub's fields other than its status: path, size and sha256 of the text the call put in the file. */
function describe(call: AssistantToolCall): Record<string, unknown> {
  const known = described.get(call);
  if (known) return known;
  const fields = FILE_TEXT_FIELDS[call.function.name];
  const args = call.function.arguments;
  const input = parsedInput(args);
  let out: Record<string, unknown>;
  const text = fields && input ? input[fields.text] : undefined;
  if (fields && input && typeof text === 'string') {
    out = { path: input.path, size: Buffer.byteLength(text, 'utf8'), sha256: sha256(text) };
    for (const key of fields.alsoSized) {
      const v = input[key];
      if (typeof v === 'string') out[`${key}_size`] = Buffer.byteLength(v, 'utf8');
    }
    for (const key of fields.kept) if (key in input) out[key] = input[key];
  } else {
    // Arguments that are not the tool's input (not JSON, a field missing): described as sent.
    out = { ...(input && typeof input.path === 'string' ? { path: input.path } : {}), size: Buffer.byteLength(args, 'utf8'), sha256: sha256(args) };
  }
  described.set(call, out);
  return out;
}

/** The arguments the model is shown instead of a large file-text input: valid JSON, without the text. */
export function stubArguments(call: AssistantToolCall, outcome: CallOutcome): string {
  const text = FILE_TEXT_FIELDS[call.function.name]?.text ?? 'input';
  return JSON.stringify({
    ...describe(call),
    status: STATUS[outcome],
    note: `the ${text} was left out of the context after the call; Read the file to see what it holds now`,
  });
}

/** How a call ended, from the content of the tool message answering it. */
export function outcomeOf(result: string): CallOutcome {
  return result.startsWith(FAILED_RESULT_PREFIX) ? 'failed' : 'written';
}

/** How each answered call ended, from the tool messages of a transcript. */
export function callOutcomes(messages: Iterable<ChatMessage>): Map<string, CallOutcome> {
  const outcomes = new Map<string, CallOutcome>();
  for (const m of messages) if (m.role === 'tool') outcomes.set(m.tool_call_id, outcomeOf(m.content));
  return outcomes;
}

/** A call's arguments as the model is shown them once it ended this way. */
export function shownArguments(call: AssistantToolCall, outcome: CallOutcome): string {
  return hasLargeFileInput(call) ? stubArguments(call, outcome) : call.function.arguments;
}

/**
 * The message as the model is shown it: the calls with a large file-text input carry a stub for their arguments.
 * `outcomes` gives each call's status; without it (sizing a message before its calls are answered) the longest
 * status is used, so a count made then is never short of the message later shown.
 */
export function withInputStubs(message: ChatMessage, outcomes?: ReadonlyMap<string, CallOutcome>): ChatMessage {
  if (message.role !== 'assistant' || !message.tool_calls?.some(hasLargeFileInput)) return message;
  return {
    ...message,
    tool_calls: message.tool_calls.map((call) =>
      hasLargeFileInput(call)
        ? { ...call, function: { ...call.function, arguments: stubArguments(call, outcomes ? (outcomes.get(call.id) ?? 'unanswered') : 'failed') } }
        : call,
    ),
  };
}
