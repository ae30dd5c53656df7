import type { ImageRef } from '../../../../shared/images';
import type { AssistantToolCall } from '../../model/types';
import type { ToolCallRow } from '../../store/rows';
import type { StoredMessage } from '../../store/store';
import type { PolicyDecision } from '../../../../shared/policy';
import { english, type Msg } from '../../../../shared/i18n/message';
import type { EventBus } from '../../kernel/event-bus';
import type { Store } from '../../store/store';

const PREVIEW = 4000;

export function clip(text: string): string {
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}… (${text.length - PREVIEW} more characters)` : text;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The record of one tool call: its row (the one an earlier run of the turn left, else created with the first
 * write about the call), its decision, and its result. Each write goes with its event in one transaction,
 * published after it commits, so what a person saw is always stored.
 */
export class CallRecord {
  private row: ToolCallRow | undefined;

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly ids: { sessionId: string; promptId: string },
    private readonly holder: StoredMessage,
    private readonly call: AssistantToolCall,
  ) {
    this.row = store.toolCalls.find(holder.id, call.id);
  }

  /** What an earlier run of this turn left: null for a call never seen before. */
  get previous(): ToolCallRow | null {
    return this.row ?? null;
  }

  private ensureRow(): ToolCallRow {
    this.row ??= this.store.toolCalls.create({
      ...this.ids,
      messageId: this.holder.id,
      callId: this.call.id,
      tool: this.call.function.name,
      inputJson: this.call.function.arguments,
    });
    return this.row;
  }

  get rowId(): string {
    return this.ensureRow().id;
  }

  /** The policy's decision, shown as the `tool_call` event. */
  decided(tool: string, input: unknown, decision: PolicyDecision): void {
    this.bus.batch(() => {
      const r = this.ensureRow();
      this.store.toolCalls.setStatus(r.id, r.status, decision);
      this.bus.emit({ type: 'tool_call', ...this.ids, callId: this.call.id, tool, input, decision });
    });
  }

  setStatus(status: 'waiting_approval' | 'running'): void {
    this.store.toolCalls.setStatus(this.ensureRow().id, status);
  }

  /**
   * The result, as the model will read it: row, transcript message and `tool_result` event together. `errorMsg`:
   * the engine's own refusal as data (the event carries it for people; the model reads `text`, its English).
   */
  answer(ok: boolean, text: string, errorMsg?: Msg, images?: readonly ImageRef[]): void {
    this.write(ok, text, false, errorMsg, images);
  }

  /**
   * A result for a call that never reached a decision (unparsable, or cut off by a restart): shown with no decision.
   * `errorMsg` as for `answer`: the engine's own sentence; an input the tool's parser refused has none.
   */
  answerUndecided(text: string, errorMsg?: Msg): void {
    this.write(false, text, true, errorMsg);
  }

  /** The engine's own answer instead of a result: the model reads its English, people its Msg. */
  refuse(m: Msg): void {
    this.write(false, english(m), false, m);
  }

  private write(ok: boolean, text: string, undecided: boolean, errorMsg?: Msg, images?: readonly ImageRef[]): void {
    const content = ok ? text : `Error: ${text}`;
    const { call } = this;
    this.bus.batch(() => {
      if (undecided) {
        this.bus.emit({ type: 'tool_call', ...this.ids, callId: call.id, tool: call.function.name, input: safeJson(call.function.arguments), decision: null });
      }
      const r = this.ensureRow();
      this.store.toolCalls.finish(r.id, ok, content, { sessionId: r.session_id, promptId: r.prompt_id, callId: r.call_id });
      const shown = images?.length ? { images: [...images] } : {};
      this.store.transcript.append(this.ids.sessionId, this.ids.promptId, { role: 'tool', tool_call_id: call.id, content, ...shown });
      this.bus.emit({
        type: 'tool_result',
        ...this.ids,
        callId: call.id,
        tool: call.function.name,
        ok,
        output: ok ? clip(text) : null,
        error: ok ? null : clip(text),
        ...(!ok && errorMsg ? { errorMsg } : {}),
      });
    });
  }
}
