import { basename } from 'node:path';
import type { SessionSummary } from '../../shared/models';
import { err, type Result } from '../../shared/result';
import type { DropReply, DropRequest } from '../../shared/drop-protocol';

/*
 * What a drop (or the "Open folder…" picker) does, pure: folders dropped on the window each become a
 * workspace with a new session (asking for trust the first time a folder is used); anything dropped on a
 * prompt box becomes its paths, typed into the box. The electron side only stats paths and shows dialogs.
 */

export type EntryKind = 'directory' | 'file' | 'missing';
export interface DroppedEntry {
  path: string;
  kind: EntryKind;
}

export type DropPlan =
  | { kind: 'insert_paths'; text: string }
  | { kind: 'open_workspaces'; folders: string[]; skipped: number }
  | { kind: 'ignore'; reason: string };

export const MAX_WORKSPACES_PER_DROP = 5;

/** Paths as typed into a prompt: space-separated, quoted when they contain spaces or quotes. */
export function formatPathsForPrompt(paths: readonly string[]): string {
  const quoted = paths.map((p) => (/[\s"'`]/.test(p) ? `"${p.replace(/(["\\])/g, '\\$1')}"` : p));
  return `${quoted.join(' ')} `;
}

export function planDrop(target: DropRequest['target'], entries: readonly DroppedEntry[]): DropPlan {
  const present = entries.filter((e) => e.kind !== 'missing');
  if (present.length === 0) return { kind: 'ignore', reason: 'nothing dropped exists on disk' };
  if (target.kind === 'prompt') return { kind: 'insert_paths', text: formatPathsForPrompt(present.map((e) => e.path)) };
  const folders = present.filter((e) => e.kind === 'directory').map((e) => e.path);
  if (folders.length === 0) return { kind: 'ignore', reason: 'drop a folder to open it, or drop files on a prompt box' };
  return {
    kind: 'open_workspaces',
    folders: folders.slice(0, MAX_WORKSPACES_PER_DROP),
    skipped: Math.max(0, folders.length - MAX_WORKSPACES_PER_DROP),
  };
}

export async function classifyPaths(
  paths: readonly string[],
  stat: (path: string) => Promise<{ isDirectory(): boolean }>,
): Promise<DroppedEntry[]> {
  return Promise.all(
    paths.map(async (path): Promise<DroppedEntry> => {
      try {
        return { path, kind: (await stat(path)).isDirectory() ? 'directory' : 'file' };
      } catch {
        return { path, kind: 'missing' };
      }
    }),
  );
}

export interface WorkspaceOpener {
  isTrusted(folder: string): boolean;
  remember(folder: string): void;
  /** Asks the user whether to trust a folder used for the first time. */
  askTrust(folder: string): Promise<boolean>;
  createSession(input: { workspace: string; name: string }): Promise<Result<SessionSummary>>;
}

export const sessionNameFor = (folder: string): string => (basename(folder) || folder).slice(0, 80);

/** Opens a folder as a workspace with a new session, asking for trust on first use. */
export async function openWorkspace(folder: string, deps: WorkspaceOpener): Promise<Result<SessionSummary>> {
  if (!deps.isTrusted(folder)) {
    if (!(await deps.askTrust(folder))) return err('policy', `${folder} was not trusted; no session was created`);
    deps.remember(folder);
  }
  return deps.createSession({ workspace: folder, name: sessionNameFor(folder) });
}

/** Runs a plan; `opened` is told about each session created (to focus its card). */
export async function executeDropPlan(
  plan: DropPlan,
  deps: WorkspaceOpener & { opened(session: SessionSummary): void },
): Promise<DropReply> {
  switch (plan.kind) {
    case 'insert_paths':
      return { kind: 'insert_paths', text: plan.text };
    case 'ignore':
      return { kind: 'ignored', reason: plan.reason };
    case 'open_workspaces': {
      const failures: string[] = [];
      let created = 0;
      for (const folder of plan.folders) {
        const result = await openWorkspace(folder, deps);
        if (result.ok) {
          created += 1;
          deps.opened(result.value);
        } else {
          failures.push(result.error.message);
        }
      }
      const skipped = plan.skipped > 0 ? ` (${plan.skipped} more folders ignored)` : '';
      const failed = failures.length > 0 ? `; ${failures.join('; ')}` : '';
      return { kind: 'done', message: `${created} session${created === 1 ? '' : 's'} created${skipped}${failed}` };
    }
  }
}
