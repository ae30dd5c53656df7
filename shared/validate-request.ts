import type { z } from 'zod';
import { requests } from './api';
import type { Result } from './result';

/*
 * The one gate between a transport (desktop IPC, the browser host's WebSocket, a local socket) and the engine's
 * request handlers. Whatever arrives, the caller gets a `Result` back: an unknown name and bad input are refused
 * as `invalid_input`; a handler that throws, or answers with something that is not a `Result`, becomes an
 * `internal` error carrying only a message. No exception and no stack trace crosses the boundary.
 * The transport only unwraps its own envelope (IPC channel and sender, WebSocket message id) before calling it.
 */

/** Request names with their input and output schemas: the shared contract, or a smaller one in tests. */
export type RequestContract = Readonly<Record<string, { readonly input: z.ZodType; readonly output: z.ZodType }>>;

export interface CallRequestOptions {
  /** Defaults to the shared contract. */
  contract?: RequestContract;
  /** Where a handler's exception (or a reply that is not a Result) is reported; the caller only gets a message. */
  onInternalError?(name: string, error: unknown): void;
}

type AnyHandler = (input: unknown) => unknown;

const MAX_NAME_SHOWN = 100;

const fail = (kind: 'invalid_input' | 'internal', message: string): Result<never> => ({ ok: false, error: { kind, message } });

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/** The refusal for a name that is not a request of the contract (also used by transports for unknown channels). */
export function unknownRequest(name: unknown): Result<never> {
  if (typeof name !== 'string') return fail('invalid_input', `a request needs a name (a string), got ${name === null ? 'null' : typeof name}`);
  return fail('invalid_input', `unknown request ${JSON.stringify(name.slice(0, MAX_NAME_SHOWN))}: it is not part of the Paragents contract`);
}

/** Zod issues as one line: `session.create: invalid input: workspace: expected string, received number`. */
export function formatIssues(name: string, error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const at = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
    return `${at}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (+${error.issues.length - 5} more)` : '';
  return `${name}: invalid input: ${issues.join('; ')}${more}`;
}

/** A value shaped like a `Result` the other side can read: `ok: true`, or `ok: false` with an error kind and message. */
export function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as { ok?: unknown; error?: unknown };
  if (r.ok === true) return true;
  if (r.ok !== false || typeof r.error !== 'object' || r.error === null) return false;
  const e = r.error as { kind?: unknown; message?: unknown };
  return typeof e.kind === 'string' && typeof e.message === 'string';
}

/** The message of whatever was thrown, never its stack; an object whose printing itself throws is named as such. */
function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an error that cannot be printed';
  }
}

function report(options: CallRequestOptions, name: string, error: unknown): void {
  try {
    options.onInternalError?.(name, error);
  } catch {
    // A failing error reporter must not turn the reply into an exception.
  }
}

/**
 * Validates and runs one request. A missing input (`undefined`: an IPC call without an argument, a WebSocket
 * message without `input`) is read as `{}`, on every transport: every request's input is an object, so a request
 * whose fields are all optional runs with its defaults, and one that needs fields is refused naming them.
 */
export async function callRequest(
  handlers: object,
  name: unknown,
  rawInput: unknown,
  options: CallRequestOptions = {},
): Promise<Result<unknown>> {
  const contract: RequestContract = options.contract ?? requests;
  if (typeof name !== 'string' || !hasOwn(contract, name)) return unknownRequest(name);
  const spec = contract[name]!;
  const handler = hasOwn(handlers, name) ? (handlers as Record<string, unknown>)[name] : undefined;
  if (typeof handler !== 'function') return fail('internal', `${name} is not implemented by this engine`);

  try {
    const parsed = spec.input.safeParse(rawInput === undefined ? {} : rawInput);
    if (!parsed.success) return fail('invalid_input', formatIssues(name, parsed.error));
    const result: unknown = await (handler as AnyHandler)(parsed.data);
    if (isResult(result)) return result;
    report(options, name, new Error(`${name} returned a value that is not a Result`));
    return fail('internal', `${name}: the engine's reply was not a result`);
  } catch (error) {
    report(options, name, error);
    return fail('internal', `${name} failed: ${messageOf(error)}`);
  }
}
