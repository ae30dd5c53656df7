/*
 * The preload: bundled into one CommonJS file (sandboxed preloads can only require 'electron'). It exposes
 * `window.paragents`, exactly the contract's EngineApi, and nothing else. The IPC event object (which holds
 * `sender`, i.e. ipcRenderer) never reaches the page: listeners get the payload only.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { buildEngineApi, type BridgeTransport } from './api-shape';
import { DROP_CHANNEL, FOCUS_CHANNEL } from '../shared/ipc-channels';
import { installDropBridge, type DropDocumentLike } from './drop-bridge';
import type { DropReply } from '../shared/drop-protocol';
import { formatFocusHash, type FocusRoute } from '../shared/focus-route';

const transport: BridgeTransport = {
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  on: (channel, listener) => {
    const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('paragents', buildEngineApi(transport));

interface PageGlobals {
  document: DropDocumentLike;
  location: { hash: string };
  File: new (...args: never[]) => object;
}
const page = globalThis as unknown as PageGlobals;

installDropBridge({
  document: page.document,
  pathForFile: (file) => (file instanceof page.File ? webUtils.getPathForFile(file as File) : ''),
  send: async (request) => (await ipcRenderer.invoke(DROP_CHANNEL, request)) as DropReply,
});

const isFocusRoute = (value: unknown): value is FocusRoute =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FocusRoute).sessionId === 'string' &&
  ((value as FocusRoute).approvalId === null || typeof (value as FocusRoute).approvalId === 'string');

ipcRenderer.on(FOCUS_CHANNEL, (_event: IpcRendererEvent, payload: unknown) => {
  if (!isFocusRoute(payload)) return;
  try {
    page.location.hash = formatFocusHash(payload);
  } catch {
    // Not plain ids: ignore rather than write them into the URL.
  }
});
