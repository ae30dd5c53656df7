import type { AssistantToolCall, ChatMessage } from '../model/types';
import { ModelError } from '../model/types';
import type { PromptRow, SessionRow, ToolCallRow } from '../store/rows';
import type { StoredMessage } from '../store/store';
import type { ApprovalAnswer, PolicyDecision } from '../../../shared/policy';
import type { PrecheckCarry, TurnDeps } from './turn-context';
import type { AuthorizeVerdict } from './authorizer';
import { systemPrompt } from './system-prompt';
import type { SlotLease } from './slots';

export type TurnOutcome = 'completed' | 'failed' | 'cancelled' | 'suspended';

/** Why a turn was aborted: the user cancelled it, or the engine is shutting down (the turn may resume). */
export class TurnAbort extends Error {
  constructor(readonly why: 'cancel' | 'shutdown', message: string) {
    super(message);
  }
}

const ERROR_PREVIEW = 4000;

/**
 * Runs (or resumes) one prompt's turn. The transcript in the store is the state: at each step the loop looks
 * at the last stored message and either runs the tool calls still unanswered or asks the model for the next
 * step. So a turn interrupted by a crash or a restart continues from exactly where it was.
 */
export async function runTurn(
  deps: TurnDeps,
  sessionId: string,
  promptId: string,
  signal: AbortSignal,
  lease: SlotLease,
): Promise<TurnOutcome> {
  const { store, bus } = deps;
  const session = store.getSession(sessionId);
  const prompt = store.getPrompt(promptId);
  if (!session || !prompt) throw new Error(`turn for unknown session/prompt ${sessionId}/${promptId}`);

  let messages = store.listMessages(sessionId);
  const resumed = messages.some((m) => m.promptId === promptId && m.message.role === 'user');
  bus.batch(() => {
    deps.prompts.transition(promptId, 'running');
    bus.emit({ type: 'turn_started', sessionId, promptId, resumed });
  });

  try {
    const model = deps.model();
    if (!model.ok) return fail(deps, prompt, model.error.message);

    if (!resumed) {
      const before = messages;
      store.tx(() => {
        closeDanglingCalls(deps, session, before);
        if (!before.some((m) => m.message.role === 'system')) {
          store.appendMessage(sessionId, null, { role: 'system', content: systemPrompt(session.workspace, deps.tools.specs) });
        }
        store.appendMessage(sessionId, promptId, { role: 'user', content: prompt.text });
      });
    }

    for (;;) {
      if (signal.aborted) throw signal.reason;
      await pausePoint(deps, prompt, signal, lease);
      messages = store.listMessages(sessionId);
      const lastIndex = messages.length - 1;
      const last = messages[lastIndex];
      if (last && last.message.role === 'assistant') {
        const unanswered = unansweredCalls(messages, lastIndex);
        if (unanswered.length > 0) {
          for (const call of unanswered) {
            await pausePoint(deps, prompt, signal, lease);
            await runToolCall(deps, session, prompt, last, call, signal, lease);
          }
          continue;
        }
        if (!last.message.tool_calls?.length && last.promptId === promptId) {
          return complete(deps, prompt, last.message.content ?? '');
        }
      }

      const steps = messages.filter((m) => m.promptId === promptId && m.message.role === 'assistant').length;
      if (steps >= model.value.maxSteps) {
        return fail(deps, prompt, `Max steps exceeded: the turn made ${steps} model calls (limit ${model.value.maxSteps})`);
      }

      const turn = await model.value.client.complete({
        messages: messages.map((m) => m.message),
        tools: deps.tools.specs,
        signal,
        onDelta: (text) => bus.emit({ type: 'assistant_delta', sessionId, promptId, text }),
        onRetry: (info) =>
          bus.emit({ type: 'model_retry', sessionId, promptId, provider: info.provider, attempt: info.attempt, delayMs: Math.round(info.delayMs), error: info.error }),
      });
      const message: ChatMessage =
        turn.toolCalls.length > 0
          ? { role: 'assistant', content: turn.content || null, tool_calls: turn.toolCalls }
          : { role: 'assistant', content: turn.content };
      // Committed before it is shown or acted on: the message, its usage and their events in one transaction,
      // published once it has committed.
      const usage = turn.usage;
      bus.batch(() => {
        store.appendMessage(sessionId, promptId, message);
        bus.emit({
          type: 'assistant_message',
          sessionId,
          promptId,
          content: turn.content,
          toolCalls: turn.toolCalls.map((c) => ({ id: c.id, name: c.function.name })),
        });
        if (usage) {
          const total = store.recordUsage({ sessionId, promptId, provider: turn.provider, model: turn.model, ...usage });
          bus.emit({ type: 'usage', sessionId, promptId, provider: turn.provider, model: turn.model, ...usage, sessionTotalTokens: total });
        }
      });
    }
  } catch (e) {
    const abort = abortReason(e, signal);
    if (abort?.why === 'shutdown') {
      // A turn waiting on a person, or paused by one, keeps waiting across the restart; a running one is
      // recorded as cancelled.
      const now = store.getPrompt(promptId)?.status;
      if (now === 'waiting_approval' || now === 'paused') return 'suspended';
      return cancel(deps, prompt, 'cancelled: Paragents shut down while this turn was running');
    }
    if (abort) return cancel(deps, prompt, abort.message);
    const message = e instanceof ModelError ? e.message : e instanceof Error ? e.message : String(e);
    return fail(deps, prompt, message);
  }
}

function abortReason(e: unknown, signal: AbortSignal): TurnAbort | null {
  if (!signal.aborted) return null;
  if (signal.reason instanceof TurnAbort) return signal.reason;
  if (e instanceof TurnAbort) return e;
  return new TurnAbort('cancel', 'cancelled');
}

/** Tool calls of the assistant message at `index` that have no tool message after it yet. */
function unansweredCalls(messages: StoredMessage[], index: number): AssistantToolCall[] {
  const msg = messages[index]?.message;
  if (!msg || msg.role !== 'assistant' || !msg.tool_calls) return [];
  const answered = new Set(
    messages.slice(index + 1).flatMap((m) => (m.message.role === 'tool' ? [m.message.tool_call_id] : [])),
  );
  return msg.tool_calls.filter((c) => !answered.has(c.id));
}

/**
 * A turn that ended mid-step (cancelled, failed) can leave tool calls without results; the OpenAI protocol
 * rejects such a transcript, so they are answered before the next prompt is added.
 */
function closeDanglingCalls(deps: TurnDeps, session: SessionRow, messages: StoredMessage[]): void {
  const lastAssistant = messages.findLastIndex((m) => m.message.role === 'assistant');
  if (lastAssistant < 0) return;
  const holder = messages[lastAssistant] as StoredMessage;
  for (const call of unansweredCalls(messages, lastAssistant)) {
    deps.store.appendMessage(session.id, holder.promptId, {
      role: 'tool',
      tool_call_id: call.id,
      content: 'Error: not run — the turn ended before this call ran.',
    });
  }
}

async function runToolCall(
  deps: TurnDeps,
  session: SessionRow,
  prompt: PromptRow,
  holder: StoredMessage,
  call: AssistantToolCall,
  signal: AbortSignal,
  lease: SlotLease,
): Promise<void> {
  const { store, bus } = deps;
  const base = { sessionId: session.id, promptId: prompt.id };
  // The call's row: the one a previous run of this turn left, else created with the first write about the call
  // (in the same transaction as its decision and its tool_call event).
  let row: ToolCallRow | undefined = store.findToolCall(holder.id, call.id);
  const ensureRow = (): ToolCallRow =>
    (row ??= store.createToolCall({ ...base, messageId: holder.id, callId: call.id, tool: call.function.name, inputJson: call.function.arguments }));
  // The result is committed (tool row + transcript message + event, atomically) before it is published.
  const answer = (ok: boolean, text: string, before?: () => void): void => {
    const content = ok ? text : `Error: ${text}`;
    bus.batch(() => {
      before?.();
      const r = ensureRow();
      store.finishToolCall(r.id, ok, content);
      store.appendMessage(session.id, prompt.id, { role: 'tool', tool_call_id: call.id, content });
      bus.emit({
        type: 'tool_result',
        ...base,
        callId: call.id,
        tool: call.function.name,
        ok,
        output: ok ? clip(text) : null,
        error: ok ? null : clip(text),
      });
    });
  };
  const unrunCall = (): void => {
    bus.emit({ type: 'tool_call', ...base, callId: call.id, tool: call.function.name, input: safeJson(call.function.arguments), decision: null });
  };

  if (row?.status === 'running') {
    // Started in a process that died: its effects are unknown, so it is not run a second time.
    answer(false, 'this call was interrupted by a restart of Paragents before it finished and was not run again; check its effects before retrying.', unrunCall);
    return;
  }

  const parsed = deps.tools.parse(call.function.name, call.function.arguments);
  if (!parsed.ok) {
    answer(false, parsed.error.message, unrunCall);
    return;
  }
  const { tool, input } = parsed.value;
  const inputRecord = (input ?? {}) as Record<string, unknown>;
  // Effects and the parsed shell command, made once and read by both the policy and the conflict gate.
  const prepared = await deps.tools.prepare(tool, input, session.workspace);

  let verdict: AuthorizeVerdict | PolicyDecision;
  const pendingApproval = row?.status === 'waiting_approval' ? store.approvalForToolCall(row.id) : undefined;
  if (pendingApproval) {
    verdict = pendingApproval.decision;
  } else {
    verdict = await deps.authorizer.decide({
      call: prepared,
      sessionId: session.id,
      mode: session.mode,
      // `--approve all` answers "ask" itself, so the policy must not turn it into a block first.
      headless: deps.headless && deps.approvals !== 'all',
    });
    if (verdict.decision === 'needs_approval' && deps.approvals !== 'ask') {
      verdict =
        deps.approvals === 'all'
          ? { ...verdict, decision: 'auto_approved', source: 'cli', reason: `${verdict.reason} (approved by --approve all)` }
          : { ...verdict, decision: 'blocked', source: 'cli', reason: `${verdict.reason} (no one to ask: --approve never)` };
    }
    const decided = verdict;
    bus.batch(() => {
      const r = ensureRow();
      store.setToolCallStatus(r.id, r.status, decided);
      bus.emit({ type: 'tool_call', ...base, callId: call.id, tool: tool.name, input, decision: stripVerdict(decided) });
    });
  }

  if (verdict.decision === 'blocked') {
    const by = verdict.rule ? ` (rule ${verdict.rule} from ${verdict.source} settings)` : '';
    answer(false, `blocked by policy: ${verdict.reason}${by}. Do not retry this call unchanged.`);
    return;
  }

  // Conflicts before approval (issue 4): the conflict gate's checks that need no approval run before the card
  // is raised, so a person never approves a call that then stops at a conflict. The write itself (and the
  // per-path lock around check-and-write) still waits for the approval: beforeCall below. An approval already
  // pending (a restart) was prechecked when it was raised.
  let prechecked: PrecheckCarry | null = null;
  if (verdict.decision === 'needs_approval' && !pendingApproval && deps.gate?.precheck) {
    const pre = await deps.gate.precheck({ ...base, callId: call.id, prepared, signal, lease });
    if (!pre.proceed) {
      answer(false, pre.error);
      return;
    }
    prechecked = pre.carry;
  }

  if (verdict.decision === 'needs_approval') {
    const approval =
      pendingApproval ??
      store.createApproval({
        ...base,
        toolCallId: ensureRow().id,
        tool: tool.name,
        input: inputRecord,
        decision: stripVerdict(verdict),
        alwaysRules: 'alwaysRules' in verdict ? verdict.alwaysRules : [],
      });
    let reply: ApprovalAnswer | null = approval.status === 'pending' ? null : approval.answer;
    if (!reply) {
      bus.batch(() => {
      store.setToolCallStatus(ensureRow().id, 'waiting_approval');
      if (!pendingApproval) {
        bus.emit({
          type: 'approval_requested',
          ...base,
          approvalId: approval.id,
          approvalRef: approval.ref,
          callId: call.id,
          tool: tool.name,
          input,
          decision: stripVerdict(verdict),
          alwaysRule: approval.alwaysRules.length > 0 ? approval.alwaysRules.join(', ') : null,
        });
      }
      deps.prompts.transition(prompt.id, 'waiting_approval');
      });
      // A session waiting on a person gives its slot to the sessions that can run.
      const waitFor = approval.id;
      reply = await lease.away(signal, () => deps.waiters.wait(waitFor, signal));
      deps.prompts.transition(prompt.id, 'running');
    }
    if (reply.kind === 'deny') {
      const why = reply.message ? ` Their message: ${reply.message}` : '';
      answer(false, `the user denied this call.${why}`);
      return;
    }
  }

  if (deps.gate) {
    const gate = await deps.gate.beforeCall({ ...base, callId: call.id, prepared, signal, lease }, prechecked);
    if (!gate.proceed) {
      answer(false, gate.error);
      return;
    }
  }

  store.setToolCallStatus(ensureRow().id, 'running');
  const outcome = await tool.run(input, { workspace: session.workspace, sessionId: session.id, promptId: prompt.id, signal });
  await deps.gate?.afterCall?.({ ...base, callId: call.id, prepared, ok: outcome.ok });
  if (signal.aborted) {
    answer(false, 'cancelled by the user while running.');
    throw signal.reason;
  }
  answer(outcome.ok, outcome.ok ? outcome.output : outcome.error);
}

/** Where a requested pause takes effect: between steps, never inside a model call or a tool. */
async function pausePoint(deps: TurnDeps, prompt: PromptRow, signal: AbortSignal, lease: SlotLease): Promise<void> {
  if (!deps.pauses.isRequested(prompt.id)) return;
  deps.prompts.transition(prompt.id, 'paused');
  await lease.away(signal, () => deps.pauses.wait(prompt.id, signal));
  deps.prompts.transition(prompt.id, 'running');
}

function stripVerdict(v: AuthorizeVerdict | PolicyDecision): PolicyDecision {
  return { decision: v.decision, rule: v.rule, source: v.source, reason: v.reason };
}

function complete(deps: TurnDeps, prompt: PromptRow, content: string): TurnOutcome {
  deps.prompts.transition(prompt.id, 'completed', { content });
  return 'completed';
}

function fail(deps: TurnDeps, prompt: PromptRow, error: string): TurnOutcome {
  deps.prompts.transition(prompt.id, 'failed', { error });
  return 'failed';
}

function cancel(deps: TurnDeps, prompt: PromptRow, reason: string): TurnOutcome {
  deps.prompts.transition(prompt.id, 'cancelled', { reason });
  return 'cancelled';
}

function clip(text: string): string {
  return text.length > ERROR_PREVIEW ? `${text.slice(0, ERROR_PREVIEW)}… (${text.length - ERROR_PREVIEW} more characters)` : text;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type { ToolCallRow };
