import { offeredTools } from '../tools/offered';
import type { AssistantToolCall, ChatMessage, ContextOverflow, ModelTurn } from '../model/types';
import { ModelError } from '../model/types';
import type { PromptRow, SessionRow } from '../store/rows';
import type { StoredMessage } from '../store/store';
import type { TurnDeps } from './turn-context';
import { pricedUsage } from '../cost/types';
import { readyToolCall, runToolCall } from './tool-call/run-tool-call';
import { prepareView } from './context-step';
import { systemPrompt } from './system-prompt';
import { promptFamilyOf } from './prompt/families';
import { sessionProvider } from './session-model';
import { promptImages } from '../store/prompt-images';
import { withImages } from '../model/with-images';
import { seesImages } from '../images/vision';
import type { ImageRef } from '../../../shared/images';
import type { SlotLease } from '../kernel/slots';
import { openTurn, stopTurn, withHookContext, type HookAt } from '../hooks';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import { thrownSentence } from '../../../shared/msg-error';
import { ownTask } from '../kernel/own-task';

export type TurnOutcome = 'completed' | 'failed' | 'cancelled' | 'suspended';

/**
 * Why a turn was aborted: the user cancelled it, or the engine is shutting down (the turn may resume). `reason` is
 * the sentence the cancelled turn records (a Msg, or what a caller said as written); `message` is its English.
 */
export class TurnAbort extends Error {
  constructor(
    readonly why: 'cancel' | 'shutdown',
    readonly reason: string | Msg,
  ) {
    super(typeof reason === 'string' ? reason : english(reason));
  }
}

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
  /** Fires on a forced cancel or shutdown: the turn's tool processes are killed at once (see ToolContext). */
  force: AbortSignal = new AbortController().signal,
): Promise<TurnOutcome> {
  const { store, bus } = deps;
  const session = store.sessions.get(sessionId);
  const prompt = store.prompts.get(promptId);
  if (!session || !prompt) throw new Error(`turn for unknown session/prompt ${sessionId}/${promptId}`);

  let messages = store.transcript.list(sessionId);
  const resumed = messages.some((m) => m.promptId === promptId && m.message.role === 'user');
  bus.batch(() => {
    deps.prompts.transition(promptId, 'running');
    bus.emit({ type: 'turn_started', sessionId, promptId, resumed });
  });

  try {
    const model = deps.model();
    if (!model.ok) return fail(deps, prompt, model.error.msg ?? model.error.message);
    // Listing the session's MCP tools starts its servers (shared with other sessions); a server that fails is left out.
    if (deps.tools.forTurn) deps = { ...deps, tools: await deps.tools.forTurn(session, signal) };
    // Where the model stands (date, branch, status, peers) is read once per turn; every step of it sees the same.
    await deps.context.environment.refresh(session);

    const hookAt: HookAt = { session, prompt: { id: prompt.id, ref: prompt.ref }, signal, force };
    if (!resumed) {
      const before = messages;
      const first = !before.some((m) => m.message.role === 'system');
      // SessionStart (first turn) and UserPromptSubmit hooks: context kept with the prompt, or the prompt refused.
      const opened = deps.hooks ? await openTurn(deps.hooks, hookAt, first, prompt.text) : { refused: null, refusedMsg: null, context: [] };
      if (signal.aborted) throw signal.reason;
      if (opened.refused !== null) return fail(deps, prompt, opened.refusedMsg ?? opened.refused);
      store.tx(() => {
        closeDanglingCalls(deps, session, before);
        if (first) {
          const first = sessionProvider(session, model.value.providers, model.value.provider);
          store.transcript.append(sessionId, null, { role: 'system', content: systemPrompt(session.workspace, offeredTools(deps.tools.specs, first), promptFamilyOf(first)) });
        }
        const images = promptImages(prompt);
        store.transcript.append(sessionId, promptId, { role: 'user', content: withHookContext(prompt.text, opened.context), ...(images.length > 0 ? { images } : {}) });
      });
    }

    for (;;) {
      // Every step (and every round of tool calls) in a task of its own: the steps of many sessions that end at
      // once are prepared one per turn of the event loop, not back to back while sockets and timers wait.
      await ownTask();
      if (signal.aborted) throw signal.reason;
      await pausePoint(deps, prompt, signal, lease);
      messages = store.transcript.list(sessionId);
      const lastIndex = messages.length - 1;
      const last = messages[lastIndex];
      if (last && last.message.role === 'assistant') {
        const unanswered = unansweredCalls(messages, lastIndex);
        if (unanswered.length > 0) {
          // Agent calls wait for their children: they run last and together, so the children work in parallel.
          const isAgent = (c: AssistantToolCall): boolean => deps.agents !== undefined && c.function.name === 'Agent';
          for (const call of unanswered.filter((c) => !isAgent(c))) {
            await pausePoint(deps, prompt, signal, lease);
            await runToolCall(deps, session, prompt, last, call, signal, lease, force);
          }
          const runs: (() => Promise<void>)[] = [];
          for (const call of unanswered.filter(isAgent)) {
            await pausePoint(deps, prompt, signal, lease);
            const run = await readyToolCall(deps, session, prompt, last, call, signal, lease, force);
            if (run) runs.push(run);
          }
          const settled = await Promise.allSettled(runs.map((run) => run()));
          const thrown = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
          if (thrown) throw thrown.reason;
          continue;
        }
        if (!last.message.tool_calls?.length && last.promptId === promptId) {
          // Stop hooks may keep the turn going; each round is one more user message of this prompt.
          const rounds = messages.filter((m) => m.promptId === promptId && m.message.role === 'user').length - 1;
          const more = deps.hooks ? await stopTurn(deps.hooks, hookAt, rounds, last.message.content ?? '') : null;
          if (signal.aborted) throw signal.reason;
          if (more === null) return complete(deps, prompt, last.message.content ?? '');
          store.transcript.append(sessionId, promptId, { role: 'user', content: more });
          continue;
        }
      }

      const steps = messages.filter((m) => m.promptId === promptId && m.message.role === 'assistant').length;
      if (steps >= model.value.maxSteps) {
        return fail(deps, prompt, msg('notices.error.maxSteps', { steps, limit: model.value.maxSteps }));
      }

      // The step boundary: the request's prices are read, and a used-up budget pauses the turn here, never mid-step.
      await deps.prices?.warm();
      await deps.budgets?.beforeRequest(sessionId, promptId, signal, lease);

      const { client, config } = model.value;
      // A session's own provider (/model) and effort (/effort), read at each step so a change applies to the next one.
      const now = store.sessions.get(sessionId) ?? session;
      const provider = sessionProvider(now, model.value.providers, model.value.provider);
      const choice = {
        ...(now.chosen_provider !== null && provider.name === now.chosen_provider ? { provider: provider.name } : {}),
        ...(now.reasoning_effort !== null ? { reasoningEffort: now.reasoning_effort } : {}),
      };
      const offered = offeredTools(deps.tools.specs, provider);
      const viewOf = (reason: 'auto' | 'overflow', refused: ContextOverflow | null = null) =>
        prepareView({ store, bus, context: deps.context, tools: offered, session, promptId, client, provider, config, signal, reason, refused });
      let view = await viewOf('auto');
      if (!view.ok) return fail(deps, prompt, view.error.msg ?? view.error.message);
      const sending = { read: (ref: ImageRef) => deps.images?.read(ref) ?? null, vision: seesImages(provider) };
      const request = (messagesNow: ChatMessage[]) =>
        client.complete({
          messages: withImages(messagesNow, sending),
          tools: offered,
          signal,
          ...choice,
          onDelta: (text) => bus.stream({ type: 'assistant_delta', sessionId, promptId, text }),
          onReasoningDelta: (text) => bus.stream({ type: 'reasoning_delta', sessionId, promptId, text }),
          onRetry: (info) =>
            bus.emit({
              type: 'model_retry',
              sessionId,
              promptId,
              provider: info.provider,
              attempt: info.attempt,
              delayMs: Math.round(info.delayMs),
              error: info.error,
              errorMsg: info.errorMsg,
            }),
        });
      let turn: ModelTurn;
      try {
        turn = await request(view.value.view.messages);
      } catch (e) {
        // The provider counts differently, or the window is smaller than we were told: compact to below what it
        // refused, and try once more. A second refusal fails the turn with the provider's words.
        if (!(e instanceof ModelError) || e.kind !== 'context_overflow') throw e;
        view = await viewOf('overflow', e.overflow);
        if (!view.ok) return fail(deps, prompt, view.error.msg ?? view.error.message);
        turn = await request(view.value.view.messages);
      }
      const meter = { contextTokens: view.value.view.tokens + view.value.budget.toolSpecTokens, contextWindow: view.value.budget.window };
      // The reasoning is kept with the answer for people to read; the view never sends it back (withoutReasoning).
      const reasoning = turn.reasoning !== '' ? { reasoning: turn.reasoning } : {};
      const message: ChatMessage =
        turn.toolCalls.length > 0
          ? { role: 'assistant', content: turn.content || null, tool_calls: turn.toolCalls, ...reasoning }
          : { role: 'assistant', content: turn.content, ...reasoning };
      // Committed before it is shown or acted on: the message, its usage and their events in one transaction,
      // published once it has committed.
      const usage = turn.usage;
      bus.batch(() => {
        store.transcript.append(sessionId, promptId, message);
        bus.emit({
          type: 'assistant_message',
          sessionId,
          promptId,
          content: turn.content,
          toolCalls: turn.toolCalls.map((c) => ({ id: c.id, name: c.function.name })),
          ...reasoning,
        });
        if (usage) {
          const r = store.usage.recordWithTotals(pricedUsage(deps.prices, { sessionId, promptId, provider: turn.provider, model: turn.model, ...usage }));
          const cost = { cost: r.cost, promptTotalTokens: r.promptTotalTokens, promptCost: r.promptCost, sessionCost: r.sessionCost };
          bus.emit({ type: 'usage', sessionId, promptId, provider: turn.provider, model: turn.model, ...usage, sessionTotalTokens: r.sessionTotalTokens, ...meter, ...cost });
        }
      });
    }
  } catch (e) {
    const abort = abortReason(e, signal);
    if (abort?.why === 'shutdown') {
      // A turn waiting on a person, or paused by one, keeps waiting across the restart; a running one is
      // recorded as cancelled.
      const now = store.prompts.get(promptId)?.status;
      if (now === 'waiting_approval' || now === 'paused') return 'suspended';
      // A parent awaiting its children, and a child at work for a parent, go on after the restart where they were.
      if (now === 'running' && deps.agents?.keepsAcrossStop(sessionId)) return 'suspended';
      return cancel(deps, prompt, msg('reasons.turnCancelled', { reason: msg('notices.error.shutdown') }));
    }
    if (abort) return cancel(deps, prompt, abort.reason);
    // The model's failure is data; anything else thrown is said as it was written.
    return fail(deps, prompt, e instanceof ModelError ? e.msg : thrownSentence(e));
  }
}

function abortReason(e: unknown, signal: AbortSignal): TurnAbort | null {
  if (!signal.aborted) return null;
  if (signal.reason instanceof TurnAbort) return signal.reason;
  if (e instanceof TurnAbort) return e;
  return new TurnAbort('cancel', msg('reasons.cancelled'));
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
    deps.store.transcript.append(session.id, holder.promptId, {
      role: 'tool',
      tool_call_id: call.id,
      content: 'Error: not run — the turn ended before this call ran.',
    });
  }
}

/** Where a requested pause takes effect: between steps, never inside a model call or a tool. */
async function pausePoint(deps: TurnDeps, prompt: PromptRow, signal: AbortSignal, lease: SlotLease): Promise<void> {
  if (!deps.pauses.isRequested(prompt.id)) return;
  deps.prompts.transition(prompt.id, 'paused');
  await lease.away(signal, () => deps.pauses.wait(prompt.id, signal));
  deps.prompts.transition(prompt.id, 'running');
}

function complete(deps: TurnDeps, prompt: PromptRow, content: string): TurnOutcome {
  deps.prompts.transition(prompt.id, 'completed', { content });
  return 'completed';
}

function fail(deps: TurnDeps, prompt: PromptRow, error: string | Msg): TurnOutcome {
  deps.prompts.transition(prompt.id, 'failed', { error });
  return 'failed';
}

function cancel(deps: TurnDeps, prompt: PromptRow, reason: string | Msg): TurnOutcome {
  deps.prompts.transition(prompt.id, 'cancelled', { reason });
  return 'cancelled';
}

