import type OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ResolvedProvider } from '../config/types';
import { chunkUsage } from './chunk-usage';
import { readDelta } from './delta';
import { msg } from '../../../shared/i18n/message';
import { AttemptError, cancelledFailure, classify, failure, type AttemptFailure } from './failure';
import { onTheWire } from './provider-message';
import { effortParams } from './effort';
import type { ReasoningEffort } from '../../../shared/model-family';
import type { AssistantToolCall, ModelRequest, ModelTurn, ModelUsage } from './types';

export interface AttemptOptions {
  client: OpenAI;
  provider: ResolvedProvider;
  request: ModelRequest;
  /** Longest silence allowed: before the first byte and between chunks (a long answer that keeps streaming is fine). */
  timeoutMs: number;
  temperature: number | undefined;
  streamOptions: boolean;
  /** The reasoning effort to send (where the provider takes one); null or absent: none. */
  effort?: ReasoningEffort | null;
}

export type AttemptResult = { ok: true; turn: ModelTurn } | { ok: false; failure: AttemptFailure };

interface PartialCall {
  id: string;
  name: string;
  arguments: string;
}

/** Tool calls arrive as deltas keyed by index: the first carries id and name, later ones argument pieces. */
function addToolDeltas(calls: PartialCall[], deltas: ChatCompletionChunk.Choice.Delta.ToolCall[]): void {
  for (const delta of deltas) {
    // Some servers omit index; a new id then starts a new call, otherwise it continues the last one.
    let index = typeof delta.index === 'number' ? delta.index : calls.length - 1;
    if (typeof delta.index !== 'number' && (index < 0 || (delta.id && calls[index]?.id && calls[index]?.id !== delta.id))) index = calls.length;
    const call = (calls[index] ??= { id: '', name: '', arguments: '' });
    if (delta.id) call.id = delta.id;
    if (delta.function?.name) call.name += delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
  }
}

/** One streamed request to one provider. Never throws: every failure comes back classified. */
export async function streamAttempt(opts: AttemptOptions): Promise<AttemptResult> {
  const { client, provider, request, timeoutMs } = opts;
  const controller = new AbortController();
  const state = { userAborted: request.signal.aborted, timedOut: false, timeoutMs };
  const onUserAbort = (): void => {
    state.userAborted = true;
    controller.abort();
  };
  request.signal.addEventListener('abort', onUserAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  // Re-armed at every chunk: refreshing the one timer costs less than replacing it hundreds of times a second.
  const armTimer = (): void => {
    if (timer) {
      timer.refresh();
      return;
    }
    timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, timeoutMs);
  };

  try {
    if (state.userAborted) throw new AttemptError(cancelledFailure());
    armTimer();
    const params: ChatCompletionCreateParamsStreaming & Record<string, unknown> = {
      model: provider.model,
      // The context view leaves reasoning out already; stripping it (and image references) here holds for every caller.
      messages: request.messages.map(onTheWire),
      stream: true,
      ...(opts.streamOptions ? { stream_options: { include_usage: true } } : {}),
      ...(request.tools.length > 0 ? { tools: request.tools } : {}),
      ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
      ...effortParams(provider, opts.effort ?? null),
    };
    const stream = await client.chat.completions.create(params, { signal: controller.signal });
    let content = '';
    let reasoning = '';
    const calls: PartialCall[] = [];
    let usage: ModelUsage | null = null;
    let finishReason: string | null = null;
    let model = provider.model;
    let chunks = 0;
    for await (const chunk of stream as AsyncIterable<unknown>) {
      armTimer();
      if (typeof chunk !== 'object' || chunk === null) {
        throw new AttemptError(failure('protocol', msg('engineErrors.model.chunkNotObject', { chunk: JSON.stringify(chunk).slice(0, 80) }), 'next'));
      }
      const c = chunk as Partial<ChatCompletionChunk>;
      chunks++;
      if (typeof c.model === 'string' && c.model !== '') model = c.model;
      // Some servers repeat growing usage on every chunk: the last figures win.
      usage = chunkUsage(chunk as Record<string, unknown>) ?? usage;
      for (const choice of Array.isArray(c.choices) ? c.choices : []) {
        if (choice.index !== undefined && choice.index !== 0) continue;
        const read = readDelta(choice.delta);
        if (read.reasoning !== '') {
          reasoning += read.reasoning;
          request.onReasoningDelta?.(read.reasoning);
        }
        if (read.text !== '') {
          content += read.text;
          request.onDelta?.(read.text);
        }
        if (Array.isArray(choice.delta?.tool_calls)) addToolDeltas(calls, choice.delta.tool_calls);
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    }
    // The SDK ends the iteration quietly when its signal aborts, so an abort looks like a short stream.
    if (state.userAborted || state.timedOut) throw new Error('aborted');
    if (chunks === 0) throw new AttemptError(failure('protocol', msg('engineErrors.model.noStreamData'), 'next'));
    if (finishReason === null) throw new AttemptError(failure('network', msg('engineErrors.model.streamEnded'), 'retry'));
    const toolCalls: AssistantToolCall[] = calls
      .filter((c) => c !== undefined)
      .map((c, i) => ({ id: c.id || `call_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
    return { ok: true, turn: { content, reasoning, toolCalls, usage, finishReason, provider: provider.name, model } };
  } catch (error) {
    return { ok: false, failure: classify(error, provider, state) };
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onUserAbort);
  }
}
