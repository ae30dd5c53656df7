// The scale bench's sessions written the engine's own way: through the store, the event bus and the prompt
// lifecycle, one transaction per step as a real turn writes them. The bench's bulk writer (bench/lib/scale-bulk.ts)
// must leave the same rows; tests/bench/scale-data.test.ts compares the two.
import { EventBus } from '../../main/core/kernel/event-bus';
import { PromptLifecycle } from '../../main/core/kernel/prompt-lifecycle';
import type { ChatMessage } from '../../main/core/model/types';
import { openStore, type Store } from '../../main/core/store/store';
import type { PromptWrites } from '../../main/core/store/prompts';
import { planOf, type AssistantMessage, type PlannedSession, type PlannedStep, type ScaleWriter } from '../../bench/lib/scale-data';

export const referenceWriter: ScaleWriter = {
  build(file, job, written) {
    // Opened as a composition root opens it: the prompt rows are written by each session's prompt lifecycle.
    let { store, promptWrites } = openStore(file);
    for (let i = 0; i < job.sessions; i++) {
      writeSession(store, promptWrites, planOf(job, i));
      const checkpoint = job.checkpoints.includes(i + 1);
      if (checkpoint) store.close(); // checkpoints the WAL into the database file
      written(i + 1);
      if (checkpoint) ({ store, promptWrites } = openStore(file));
    }
    store.close();
  },
};

function writeSession(store: Store, promptWrites: PromptWrites, plan: PlannedSession): void {
  const bus = new EventBus(store);
  const prompts = new PromptLifecycle(store, bus, promptWrites);
  const { workspace } = plan;
  // One transaction per session: a savepoint per step inside it, as the engine's batches nest.
  store.tx(() => {
    const session = store.sessions.create({ workspace, name: plan.name, mode: null });
    bus.emit({ type: 'session_created', sessionId: session.id, promptId: null, workspace, mode: 'default', modeSource: 'default' });
    for (const turn of plan.turns) {
      const p = prompts.enqueue(session.id, turn.promptText, () => {});
      bus.batch(() => {
        prompts.transition(p.id, 'running');
        bus.emit({ type: 'turn_started', sessionId: session.id, promptId: p.id, resumed: false });
      });
      store.tx(() => {
        if (turn.system !== null) store.transcript.append(session.id, null, { role: 'system', content: turn.system }, 40);
        store.transcript.append(session.id, p.id, { role: 'user', content: turn.promptText }, Math.ceil(turn.promptText.length / 4));
      });
      for (const call of turn.calls) {
        const { callId, tool, input, decision } = call;
        const holder = step(store, bus, plan, session.id, p.id, call.step);
        const row = store.toolCalls.create({ sessionId: session.id, promptId: p.id, messageId: holder, callId, tool, inputJson: call.args });
        bus.batch(() => {
          store.toolCalls.setStatus(row.id, 'pending', decision);
          bus.emit({ type: 'tool_call', sessionId: session.id, promptId: p.id, callId, tool, input, decision });
        });
        if (call.alwaysRule !== null) {
          const approval = store.approvals.create({ sessionId: session.id, promptId: p.id, toolCallId: row.id, tool, input, decision, alwaysRules: [call.alwaysRule] });
          bus.batch(() => {
            store.toolCalls.setStatus(row.id, 'waiting_approval');
            bus.emit({ type: 'approval_requested', sessionId: session.id, promptId: p.id, approvalId: approval.id, approvalRef: approval.ref, callId, tool, input, decision, alwaysRule: approval.alwaysRules.join(', ') });
            prompts.transition(p.id, 'waiting_approval');
          });
          bus.batch(() => {
            store.approvals.answer(approval.id, 'approved', { kind: 'allow_once' });
            bus.emit({ type: 'approval_resolved', sessionId: session.id, promptId: p.id, approvalId: approval.id, approvalRef: approval.ref, status: 'approved', answer: { kind: 'allow_once' } });
            prompts.transition(p.id, 'running');
          });
        }
        bus.batch(() => {
          store.toolCalls.finish(row.id, true, call.output);
          const message: ChatMessage = { role: 'tool', tool_call_id: callId, content: call.output };
          store.transcript.append(session.id, p.id, message, Math.ceil(call.output.length / 4));
          bus.emit({ type: 'tool_result', sessionId: session.id, promptId: p.id, callId, tool, ok: true, output: call.preview, error: null });
        });
      }
      for (const note of turn.notes) step(store, bus, plan, session.id, p.id, note);
      step(store, bus, plan, session.id, p.id, turn.answer);
      prompts.transition(p.id, 'completed', { content: turn.answer.message.content ?? '' });
    }
  });
}

/** One model step: the assistant message, its event and its usage, in one batch (as agent-loop.ts writes them). */
function step(store: Store, bus: EventBus, plan: PlannedSession, sessionId: string, promptId: string, planned: PlannedStep): number {
  const message: AssistantMessage = planned.message;
  const { provider, model, contextWindow } = plan;
  return bus.batch(() => {
    const id = store.transcript.append(sessionId, promptId, message, planned.tokens);
    bus.emit({
      type: 'assistant_message',
      sessionId,
      promptId,
      content: message.content ?? '',
      toolCalls: (message.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name })),
    });
    const { promptTokens, completionTokens } = planned;
    const usage = { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
    const total = store.usage.record({ sessionId, promptId, provider, model, ...usage, cost: null, price: null });
    store.sessions.setContextMeter(sessionId, promptTokens, contextWindow);
    bus.emit({ type: 'usage', sessionId, promptId, provider, model, ...usage, sessionTotalTokens: total, contextTokens: promptTokens, contextWindow });
    return id;
  });
}
