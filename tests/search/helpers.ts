// A history written as the engine writes it: the store's own rows and events through the event bus and the
// prompt lifecycle (prompt queued and run, each tool call's row, result and message, the answer).
import type { Store } from '../../main/core/store/store';
import { testStoreOf } from '../helpers/prompt-moves';
import type { PolicyDecision } from '../../shared/policy';

export const auto: PolicyDecision = { decision: 'auto_approved', rule: 'Read(**)', source: 'builtin', reason: 'reading files is allowed' };

export interface TurnSpec {
  prompt: string;
  calls?: { tool: string; input: Record<string, unknown>; output: string; ok?: boolean; callId?: string }[];
  answer: string;
}

/** The events one turn stored, by what they hold: what a search hit should point at. */
export interface WrittenTurn {
  promptId: string;
  promptSeq: number;
  calls: { callId: string; inputSeq: number; outputSeq: number }[];
  answerSeq: number;
}

/** Same preview length as the engine's call record: an event carries the first 4,000 characters of a result. */
const clip = (text: string): string => (text.length > 4000 ? `${text.slice(0, 4000)}… (${text.length - 4000} more characters)` : text);

let calls = 0;

/** `store`: opened with openTestStore (its prompts are written through its lifecycle). */
export function writer(store: Store) {
  const { bus, prompts } = testStoreOf(store);
  return {
    bus,
    prompts,
    session(workspace: string, name: string | null = null): string {
      return bus.batch(() => {
        const s = store.sessions.create({ workspace, name, mode: null });
        bus.emit({ type: 'session_created', sessionId: s.id, promptId: null, workspace });
        return s.id;
      });
    },
    turn(sessionId: string, spec: TurnSpec): WrittenTurn {
      let promptSeq = 0;
      const off = bus.subscribe((e) => {
        if (e.type === 'prompt_queued') promptSeq = e.seq;
      });
      const p = prompts.enqueue(sessionId, spec.prompt, () => {});
      off();
      prompts.transition(p.id, 'running');
      store.transcript.append(sessionId, p.id, { role: 'user', content: spec.prompt });
      const written: WrittenTurn['calls'] = [];
      for (const c of spec.calls ?? []) {
        const callId = c.callId ?? `call_${++calls}`;
        const args = JSON.stringify(c.input);
        const holder = store.transcript.append(sessionId, p.id, { role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name: c.tool, arguments: args } }] });
        const row = store.toolCalls.create({ sessionId, promptId: p.id, messageId: holder, callId, tool: c.tool, inputJson: args });
        const input = bus.batch(() => {
          store.toolCalls.setStatus(row.id, 'running', auto);
          return bus.emit({ type: 'tool_call', sessionId, promptId: p.id, callId, tool: c.tool, input: c.input, decision: auto });
        });
        const ok = c.ok ?? true;
        const content = ok ? c.output : `Error: ${c.output}`;
        const output = bus.batch(() => {
          store.toolCalls.finish(row.id, ok, content);
          store.transcript.append(sessionId, p.id, { role: 'tool', tool_call_id: callId, content });
          return bus.emit({ type: 'tool_result', sessionId, promptId: p.id, callId, tool: c.tool, ok, output: ok ? clip(c.output) : null, error: ok ? null : clip(c.output) });
        });
        written.push({ callId, inputSeq: input.seq, outputSeq: output.seq });
      }
      const answer = bus.batch(() => {
        store.transcript.append(sessionId, p.id, { role: 'assistant', content: spec.answer });
        return bus.emit({ type: 'assistant_message', sessionId, promptId: p.id, content: spec.answer, toolCalls: [] });
      });
      prompts.transition(p.id, 'completed', { content: spec.answer });
      return { promptId: p.id, promptSeq, calls: written, answerSeq: answer.seq };
    },
  };
}
