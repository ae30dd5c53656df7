import { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ContextOverflow, ModelError } from './types';
import type { ResolvedProvider } from '../config/types';
import { retryAfterMs } from './backoff';
import { detectContextOverflow } from './overflow';

/** What one failed attempt means for the retry loop. */
export interface AttemptFailure {
  kind: ModelError['kind'];
  status: number | null;
  /** Short cause for people: "connection refused", "rate limited (429)". */
  message: string;
  /**
   * 'retry' this provider again, move to the 'next' provider, stop as cancelled ('abort'), or 'stop' with this
   * failure (the request itself is the problem: neither waiting nor another provider will help).
   */
  action: 'retry' | 'next' | 'abort' | 'stop';
  retryAfterMs: number | null;
  /** The server rejected stream_options: worth one immediate retry without it. */
  streamOptionsRejected: boolean;
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

export function failure(kind: AttemptFailure['kind'], message: string, action: AttemptFailure['action'], status: number | null = null): AttemptFailure {
  return { kind, status, message, action, retryAfterMs: null, streamOptionsRejected: false, overflow: null };
}

// Failures that mean "this endpoint is not there": waiting will not help, another provider might.
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
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
  const sizes =
    overflow.window !== null
      ? ` (window ${overflow.window} tokens${overflow.requested !== null ? `, requested ${overflow.requested}` : ''})`
      : '';
  const code = status !== null ? `${status}: ` : '';
  return { ...failure('context_overflow', `the request is larger than the model's context window${sizes} (${code}${detail})`, 'stop', status), overflow };
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
  const base = (message: string, action: AttemptFailure['action']): AttemptFailure => ({
    ...failure('http', message, action, status),
    retryAfterMs: retryAfterMs(error.headers),
  });
  if (status === 401) {
    const hint = provider.apiKey
      ? 'check the key'
      : provider.apiKeyEnv
        ? `no key is set; set ${provider.apiKeyEnv}`
        : 'no key is set; add apiKey or apiKeyEnv to the provider';
    return base(`the API key was rejected (401: ${detail}); ${hint}`, 'next');
  }
  if (status === 400 && /stream_options|include_usage/i.test(detail)) {
    return { ...base(`request rejected (400: ${detail})`, 'next'), streamOptionsRejected: true };
  }
  if (status === 429) return base(`rate limited (429: ${detail})`, 'retry');
  if (status === 408 || status === 409) return base(`HTTP ${status}: ${detail}`, 'retry');
  if (status >= 500) return base(`server error (${status}: ${detail})`, 'retry');
  if (status === 404) return base(`not found (404: ${detail}); check the base URL and model name`, 'next');
  return base(`request rejected (${status}: ${detail})`, 'next');
}

/**
 * Sorts a thrown value from one attempt. `userAborted` / `timedOut` come from the attempt's own signals,
 * because the SDK reports both as the same abort.
 */
export function classify(error: unknown, provider: ResolvedProvider, state: { userAborted: boolean; timedOut: boolean; timeoutMs: number }): AttemptFailure {
  if (state.userAborted) return failure('aborted', 'the request was cancelled', 'abort');
  if (error instanceof AttemptError) return error.failure;
  if (state.timedOut || error instanceof APIConnectionTimeoutError) {
    return failure('timeout', `no response for ${Math.round(state.timeoutMs / 1000)} s (timed out)`, 'retry');
  }
  if (error instanceof APIUserAbortError) return failure('aborted', 'the request was cancelled', 'abort');
  if (error instanceof APIError && typeof error.status === 'number') return httpFailure(error as APIError & { status: number }, provider);
  const codes = causeCodes(error);
  const unreachable = codes.find((code) => code in UNREACHABLE);
  if (unreachable) return failure('network', UNREACHABLE[unreachable] as string, 'next');
  if (error instanceof SyntaxError) {
    return failure('protocol', `the server sent data that is not an OpenAI-compatible stream (${error.message.slice(0, 120)})`, 'next');
  }
  if (error instanceof APIError) {
    // No status: either a connection failure before any answer, or an error object sent inside the stream.
    if (codes.length > 0 || /connection/i.test(error.message)) return failure('network', `connection failed (${codes[0] ?? error.message})`, 'retry');
    const overflow = overflowFailure(error.message, error.error, null);
    if (overflow) return overflow;
    return failure('http', `the server reported an error mid-stream (${error.message})`, 'retry');
  }
  const message = error instanceof Error ? error.message : String(error);
  if (codes.length > 0 || (error instanceof TypeError && /terminated|fetch failed|socket/i.test(message))) {
    return failure('network', `connection lost mid-stream (${codes[0] ?? message})`, 'retry');
  }
  return failure('protocol', `unexpected failure reading the answer (${message})`, 'next');
}
