import { stat } from 'node:fs/promises';
import type { RequestHandlers } from '../../shared/api';
import type { SessionSummary } from '../../shared/models';
import type { DropReply, DropRequest } from '../../shared/drop-protocol';
import { classifyPaths, executeDropPlan, planDrop, type DroppedEntry } from './drag-drop';
import type { TrustStore } from './trust-store';

/*
 * Drops on the window, drops on the tray (macOS) and the "Open folder…" picker, composed over the engine's
 * handlers, the trust store and a trust question. No electron import: main.ts passes the dialog.
 */

export interface WorkspaceActionsDeps {
  handlers: Pick<RequestHandlers, 'session.create'>;
  trust: TrustStore;
  askTrust(folder: string): Promise<boolean>;
  /** A session was created from a folder: focus its card. */
  opened(session: SessionSummary): void;
  stat?: (path: string) => Promise<{ isDirectory(): boolean }>;
}

export interface WorkspaceActions {
  handleDrop(request: DropRequest): Promise<DropReply>;
  /** Folders from the picker or the tray: each becomes a workspace with a session. */
  openFolders(paths: readonly string[]): Promise<DropReply>;
}

export function createWorkspaceActions(deps: WorkspaceActionsDeps): WorkspaceActions {
  const statPath = deps.stat ?? stat;
  const opener = {
    isTrusted: (folder: string) => deps.trust.isTrusted(folder),
    remember: (folder: string) => deps.trust.remember(folder),
    askTrust: deps.askTrust,
    createSession: async (input: { workspace: string; name: string }) => deps.handlers['session.create'](input),
    opened: deps.opened,
  };
  const run = async (target: DropRequest['target'], entries: DroppedEntry[]): Promise<DropReply> =>
    executeDropPlan(planDrop(target, entries), opener);

  return {
    handleDrop: async (request) => run(request.target, await classifyPaths(request.paths, statPath)),
    openFolders: async (paths) => run({ kind: 'window' }, await classifyPaths(paths, statPath)),
  };
}
