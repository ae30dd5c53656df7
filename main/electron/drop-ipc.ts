import { ipcMain } from 'electron';
import { DROP_CHANNEL } from '../../shared/ipc-channels';
import { DropRequest, type DropReply } from '../../shared/drop-protocol';
import { senderInfoOf } from './ipc';
import type { SenderInfo } from './ipc-sender';
import type { WorkspaceActions } from './workspace-actions';

/** The preload's drop channel: same sender check and zod parsing as the engine's requests. */
export function registerDropIpc(checkSender: (sender: SenderInfo) => string | null, actions: WorkspaceActions): () => void {
  ipcMain.handle(DROP_CHANNEL, async (event, raw: unknown): Promise<DropReply> => {
    const refusal = checkSender(senderInfoOf(event));
    if (refusal !== null) return { kind: 'ignored', reason: `refused: ${refusal}` };
    const parsed = DropRequest.safeParse(raw);
    if (!parsed.success) return { kind: 'ignored', reason: 'invalid drop' };
    try {
      return await actions.handleDrop(parsed.data);
    } catch (error) {
      return { kind: 'ignored', reason: error instanceof Error ? error.message : String(error) };
    }
  });
  return () => ipcMain.removeHandler(DROP_CHANNEL);
}
