import type { z } from 'zod';
import { requests, type RequestHandlers, type RequestName } from '../../shared/api';
import type { Result } from '../../shared/result';
import { REQUEST_CHANNEL_PREFIX, requestChannel } from '../../shared/ipc-channels';
import type { SenderInfo } from './ipc-sender';

/*
 * Every request from the window passes here: sender first, then the channel, then the input parsed with the
 * contract's zod schema, then the engine. Whatever happens, the caller gets a `Result` back (errors as data);
 * nothing thrown inside the engine crosses the IPC boundary as an exception or a stack trace.
 * Pure: no electron import, so it is tested under plain Node.
 */

export type Contract = Readonly<Record<string, { readonly input: z.ZodType; readonly output: z.ZodType }>>;

export interface DispatcherOptions {
  handlers: RequestHandlers;
  /** Null when the sender is the app's own main frame; otherwise the reason it is refused. */
  checkSender(sender: SenderInfo): string | null;
  /** Defaults to the shared contract; tests may pass a smaller one. */
  contract?: Contract;
  /** Where unexpected engine exceptions are reported (the renderer only gets the message). */
  onInternalError?(channel: string, error: unknown): void;
}

export interface Dispatcher {
  /** The channels to register with ipcMain, one per request of the contract. */
  readonly channels: readonly string[];
  dispatch(channel: string, sender: SenderInfo, rawInput: unknown): Promise<Result<unknown>>;
}

type AnyHandler = (input: unknown) => Promise<Result<unknown>> | Result<unknown>;

const fail = (kind: 'invalid_input' | 'policy' | 'internal', message: string): Result<never> => ({
  ok: false,
  error: { kind, message },
});

export function formatIssues(name: string, error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const at = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
    return `${at}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (+${error.issues.length - 5} more)` : '';
  return `${name}: invalid input: ${issues.join('; ')}${more}`;
}

const isResult = (value: unknown): value is Result<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const contract: Contract = options.contract ?? requests;
  const byChannel = new Map<string, string>();
  for (const name of Object.keys(contract)) byChannel.set(requestChannel(name as RequestName), name);

  async function dispatch(channel: string, sender: SenderInfo, rawInput: unknown): Promise<Result<unknown>> {
    const refusal = options.checkSender(sender);
    if (refusal !== null) return fail('policy', `request refused: ${refusal}`);

    const name = byChannel.get(channel);
    const spec = name === undefined ? undefined : contract[name];
    const handler = name === undefined ? undefined : (options.handlers as Record<string, AnyHandler | undefined>)[name];
    if (name === undefined || spec === undefined || handler === undefined) {
      const shown = channel.startsWith(REQUEST_CHANNEL_PREFIX) ? channel.slice(REQUEST_CHANNEL_PREFIX.length) : channel;
      return fail('invalid_input', `unknown request "${shown.slice(0, 100)}"`);
    }

    const parsed = spec.input.safeParse(rawInput);
    if (!parsed.success) return fail('invalid_input', formatIssues(name, parsed.error));

    try {
      const result: unknown = await handler(parsed.data);
      if (!isResult(result)) return fail('internal', `${name}: the engine returned no result`);
      return result;
    } catch (error) {
      options.onInternalError?.(channel, error);
      return fail('internal', `${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return { channels: [...byChannel.keys()], dispatch };
}
