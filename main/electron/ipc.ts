import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { RequestHandlers } from '../../shared/api';
import type { Engine } from '../core/engine/types';
import { EVENT_CHANNEL } from '../../shared/ipc-channels';
import { createDispatcher } from './ipc-dispatcher';
import type { SenderInfo } from './ipc-sender';

/** What the dispatcher needs to know about an IPC call's sender. */
export function senderInfoOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame === null ? null : frame.url,
    isMainFrame: frame !== null && frame.parent === null,
  };
}

export interface IpcWiring {
  handlers: RequestHandlers;
  onEvent: Engine['onEvent'];
  checkSender(sender: SenderInfo): string | null;
  /** The window's webContents events are forwarded to (null while there is no window). */
  target(): WebContents | null;
  log(message: string, error?: unknown): void;
}

/** Registers one ipcMain handler per contract request and forwards engine events; returns the disposer. */
export function registerEngineIpc(wiring: IpcWiring): () => void {
  const dispatcher = createDispatcher({
    handlers: wiring.handlers,
    checkSender: wiring.checkSender,
    onInternalError: (channel, error) => wiring.log(`IPC ${channel} threw`, error),
  });
  for (const channel of dispatcher.channels) {
    ipcMain.handle(channel, (event, rawInput: unknown) => dispatcher.dispatch(channel, senderInfoOf(event), rawInput));
  }
  const unsubscribe = wiring.onEvent((event) => {
    const contents = wiring.target();
    if (contents !== null && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
  });
  return () => {
    unsubscribe();
    for (const channel of dispatcher.channels) ipcMain.removeHandler(channel);
  };
}
