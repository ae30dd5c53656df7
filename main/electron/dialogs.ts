import { dialog, type BrowserWindow } from 'electron';
import type { EngineEvent, EventOf } from '../../shared/events';
import type { ApprovalAnswer } from '../../shared/policy';
import { answerForButton, approvalDialogModel } from './approval-dialog';

/* Native dialogs: trusting a folder, picking folders, and the optional approval dialog. */

export async function askTrust(parent: BrowserWindow | null, folder: string): Promise<boolean> {
  const options = {
    type: 'question' as const,
    title: 'Trust this folder?',
    message: `Open ${folder} as a workspace?`,
    detail:
      'Agent sessions in this folder can read and change its files and run commands in it, within the ' +
      'permission rules you set. Only trust folders whose contents you trust.',
    buttons: ['Trust and open', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 0;
}

export async function pickFolders(parent: BrowserWindow | null): Promise<string[]> {
  const options = {
    title: 'Open folder',
    buttonLabel: 'Open',
    properties: ['openDirectory' as const, 'createDirectory' as const, 'multiSelections' as const],
  };
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

export interface ApprovalDialogsOptions {
  enabled(): boolean;
  parent(): BrowserWindow | null;
  answer(approvalId: string, answer: ApprovalAnswer): Promise<void>;
}

/**
 * One approval dialog at a time, in request order. An approval answered elsewhere (its card, the tray)
 * closes its dialog or leaves the queue.
 */
export function createApprovalDialogs(options: ApprovalDialogsOptions): { onEvent(event: EngineEvent): void; dispose(): void } {
  const queue: Array<EventOf<'approval_requested'>> = [];
  let current: { approvalId: string; abort: AbortController } | null = null;
  let disposed = false;

  async function showNext(): Promise<void> {
    if (current !== null || disposed) return;
    const next = queue.shift();
    if (next === undefined) return;
    const abort = new AbortController();
    current = { approvalId: next.approvalId, abort };
    try {
      const model = approvalDialogModel(next);
      const parent = options.parent();
      const box = { type: 'question' as const, noLink: true, signal: abort.signal, ...model };
      const { response } = parent ? await dialog.showMessageBox(parent, box) : await dialog.showMessageBox(box);
      if (!abort.signal.aborted) await options.answer(next.approvalId, answerForButton(response));
    } finally {
      current = null;
      void showNext();
    }
  }

  return {
    onEvent(event) {
      if (event.type === 'approval_requested' && options.enabled()) {
        queue.push(event);
        void showNext();
      } else if (event.type === 'approval_resolved') {
        const queued = queue.findIndex((e) => e.approvalId === event.approvalId);
        if (queued >= 0) queue.splice(queued, 1);
        if (current?.approvalId === event.approvalId) current.abort.abort();
      }
    },
    dispose() {
      disposed = true;
      queue.length = 0;
      current?.abort.abort();
    },
  };
}
