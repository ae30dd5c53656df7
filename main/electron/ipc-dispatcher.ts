import { requests, type RequestHandlers, type RequestName } from '../../shared/api';
import type { Result } from '../../shared/result';
import { REQUEST_CHANNEL_PREFIX, requestChannel } from '../../shared/ipc-channels';
import { callRequest, unknownRequest, type RequestContract } from '../../shared/validate-request';
import type { SenderInfo } from './ipc-sender';

/*
 * Every request from the window passes here: the sender is checked first, the channel gives the request name,
 * then shared/validate-request.ts parses the input and runs the handler exactly as every other transport does.
 * Whatever happens, the caller gets a `Result` back (errors as data).
 * Pure: no electron import, so it is tested under plain Node.
 */

export type Contract = RequestContract;

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

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const contract: Contract = options.contract ?? requests;
  const channels = Object.keys(contract).map((name) => requestChannel(name as RequestName));
  const onInternalError = options.onInternalError;

  async function dispatch(channel: string, sender: SenderInfo, rawInput: unknown): Promise<Result<unknown>> {
    const refusal = options.checkSender(sender);
    if (refusal !== null) return { ok: false, error: { kind: 'policy', message: `request refused: ${refusal}` } };
    // Only `paragents:<name>` channels carry requests; any other channel is refused like an unknown name.
    if (!channel.startsWith(REQUEST_CHANNEL_PREFIX)) return unknownRequest(channel);
    return callRequest(options.handlers, channel.slice(REQUEST_CHANNEL_PREFIX.length), rawInput, {
      contract,
      onInternalError: onInternalError && ((_name, error) => onInternalError(channel, error)),
    });
  }

  return { channels, dispatch };
}
