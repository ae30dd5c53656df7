// The error classes alone (the same classes the SDK throws): the SDK itself loads at the first request.
import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/core/error';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { ContextOverflow, ModelError } from './types';
import type { ResolvedProvider } from '../config/types';
import { retryAfterMs } from './backoff';
import { detectContextOverflow } from './overflow';

/** What one failed attempt means for the retry loop. */
export interface AttemptFailure {
  kind: ModelError['kind'];
  status: number | null;
  /** Short cause, in English for logs and the model: "connection refused", "rate limited (429: …)". */
  message: string;
  /** The same cause as data, for people; what the server said stays a value of it. */
  msg: Msg;
  /**
   * 'retry' this provider again, move to the 'next' provider, stop as cancelled ('abort'), or 'stop' with this
   * failure (the request itself is the problem: neither waiting nor another provider will help).
   */
  action: 'retry' | 'next' | 'abort' | 'stop';
  retryAfterMs: number | null;
  /** The server rejected stream_options: worth one immediate retry without it. */
  streamOptionsRejected: boolean;
  /** The server rejected the reasoning effort: worth one immediate retry without it. */
  effortRejected?: boolean;
  /** Set when the request was refused as larger than the model's context window. */
  overflow: ContextOverflow | null;
}

/** Thrown inside an attempt for failures the SDK does not raise itself (timeouts, truncated or odd streams). */
export class AttemptError extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.message);
    this.name = 'AttemptError';
  }
}

export function failure(kind: AttemptFailure['kind'], cause: Msg, action: AttemptFailure['action'], status: number | null = null): AttemptFailure {
  return { kind, status, message: english(cause), msg: cause, action, retryAfterMs: null, streamOptionsRejected: false, overflow: null };
}

/** The attempt was cancelled by the person (or the turn): stop, never retry. */
export const cancelledFailure = (): AttemptFailure => failure('aborted', msg('engineErrors.model.requestCancelled'), 'abort');

// Failures that mean "this endpoint is not there": waiting will not help, another provider might.
const UNREACHABLE: Record<string, Msg> = {
  ECONNREFUSED: msg('engineErrors.model.unreachable.refused'),
  ENOTFOUND: msg('engineErrors.model.unreachable.hostNotFound'),
  EAI_AGAIN: msg('engineErrors.model.unreachable.lookupFailed'),
  EHOSTUNREACH: msg('engineErrors.model.unreachable.hostUnreachable'),
  ENETUNREACH: msg('engineErrors.model.unreachable.networkUnreachable'),
  CERT_HAS_EXPIRED: msg('engineErrors.model.unreachable.certExpired'),
  DEPTH_ZERO_SELF_SIGNED_CERT: msg('engineErrors.model.unreachable.selfSigned'),
  SELF_SIGNED_CERT_IN_CHAIN: msg('engineErrors.model.unreachable.chainSelfSigned'),
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: msg('engineErrors.model.unreachable.unverified'),
  ERR_TLS_CERT_ALTNAME_INVALID: msg('engineErrors.model.unreachable.hostMismatch'),
};

/** Error codes anywhere in the cause chain (undici nests them: TypeError -> SocketError / AggregateError). */
function causeCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 6) return [];
  const codes: string[] = [];
  if ('code' in error && typeof error.code === 'string') codes.push(error.code);
  if ('cause' in error) codes.push(...causeCodes(error.cause, depth + 1));
  if (error instanceof AggregateError) for (const inner of error.errors) codes.push(...causeCodes(inner, depth + 1));
  return codes;
}

/** A context-window refusal, whatever the status: some servers (llama.cpp, Ollama) send it as a 500. */
function overflowFailure(detail: string, body: unknown, status: number | null): AttemptFailure | null {
  const overflow = detectContextOverflow(detail, body);
  if (!overflow) return null;
  // What the server said, after its status: kept as written.
  const said = status !== null ? `${status}: ${detail}` : detail;
  const cause =
    overflow.window === null
      ? msg('engineErrors.model.tooLarge', { detail: said })
      : overflow.requested === null
        ? msg('engineErrors.model.tooLargeWindow', { window: overflow.window, detail: said })
        : msg('engineErrors.model.tooLargeRequested', { window: overflow.window, requested: overflow.requested, detail: said });
  return { ...failure('context_overflow', cause, 'stop', status), overflow };
}

function serverMessage(error: APIError): string {
  const body = error.error;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  return error.message.replace(/^\d{3}\s*/, '');
}

function httpFailure(error: APIError & { status: number }, provider: ResolvedProvider): AttemptFailure {
  const status = error.status;
  const detail = serverMessage(error);
  const overflow = overflowFailure(detail, error.error, status);
  if (overflow) return overflow;
  const base = (cause: Msg, action: AttemptFailure['action']): AttemptFailure => ({
    ...failure('http', cause, action, status),
    retryAfterMs: retryAfterMs(error.headers),
  });
  if (status === 401) {
    const cause = provider.apiKey
      ? msg('engineErrors.model.keyRejected', { detail })
      : provider.apiKeyEnv
        ? msg('engineErrors.model.keyMissingEnv', { detail, env: provider.apiKeyEnv })
        : msg('engineErrors.model.keyMissing', { detail });
    return base(cause, 'next');
  }
  if (status === 400 && /stream_options|include_usage/i.test(detail)) {
    return { ...base(msg('engineErrors.model.rejected', { status, detail }), 'next'), streamOptionsRejected: true };
  }
  if (status === 400 && /reasoning_effort|reasoning\.effort|"reasoning"/i.test(detail)) {
    return { ...base(msg('engineErrors.model.rejected', { status, detail }), 'next'), effortRejected: true };
  }
  if (status === 429) return base(msg('engineErrors.model.rateLimited', { detail }), 'retry');
  if (status === 408 || status === 409) return base(msg('engineErrors.model.http', { status, detail }), 'retry');
  if (status >= 500) return base(msg('engineErrors.model.serverError', { status, detail }), 'retry');
  if (status === 404) return base(msg('engineErrors.model.notFound', { detail }), 'next');
  return base(msg('engineErrors.model.rejected', { status, detail }), 'next');
}

/**
 * Sorts a thrown value from one attempt. `userAborted` / `timedOut` come from the attempt's own signals,
 * because the SDK reports both as the same abort.
 */
export function classify(error: unknown, provider: ResolvedProvider, state: { userAborted: boolean; timedOut: boolean; timeoutMs: number }): AttemptFailure {
  if (state.userAborted) return cancelledFailure();
  if (error instanceof AttemptError) return error.failure;
  if (state.timedOut || error instanceof APIConnectionTimeoutError) {
    return failure('timeout', msg('engineErrors.model.timedOut', { seconds: Math.round(state.timeoutMs / 1000) }), 'retry');
  }
  if (error instanceof APIUserAbortError) return cancelledFailure();
  if (error instanceof APIError && typeof error.status === 'number') return httpFailure(error as APIError & { status: number }, provider);
  const codes = causeCodes(error);
  const unreachable = codes.find((code) => code in UNREACHABLE);
  if (unreachable) return failure('network', UNREACHABLE[unreachable] as Msg, 'next');
  if (error instanceof SyntaxError) {
    return failure('protocol', msg('engineErrors.model.notOpenAiStream', { detail: error.message.slice(0, 120) }), 'next');
  }
  if (error instanceof APIError) {
    // No status: either a connection failure before any answer, or an error object sent inside the stream.
    if (codes.length > 0 || /connection/i.test(error.message)) {
      return failure('network', msg('engineErrors.model.connectionFailed', { detail: codes[0] ?? error.message }), 'retry');
    }
    const overflow = overflowFailure(error.message, error.error, null);
    if (overflow) return overflow;
    return failure('http', msg('engineErrors.model.midStreamError', { detail: error.message }), 'retry');
  }
  const message = error instanceof Error ? error.message : String(error);
  if (codes.length > 0 || (error instanceof TypeError && /terminated|fetch failed|socket/i.test(message))) {
    return failure('network', msg('engineErrors.model.connectionLost', { detail: codes[0] ?? message }), 'retry');
  }
  return failure('protocol', msg('engineErrors.model.unexpected', { detail: message }), 'next');
}
