import { statSync } from 'node:fs';
import path from 'node:path';
import { listTrusted, trustWorkspaceSync, untrustWorkspaceSync } from '../core/policy/trust';
import { cliText } from './cli-text';
import type { CliIo } from './io';
import { usage } from './usage';

export const WORKSPACE_USAGE = 'paragents workspace trust DIR | workspace untrust DIR | workspace list';

/** `paragents workspace trust|untrust DIR` and `workspace list`: which workspaces' own allow rules and modes apply. */
export async function runWorkspaceCommand(argv: string[], io: CliIo): Promise<number> {
  const { t } = cliText(io);
  const [sub, dir, ...extra] = argv;
  if (sub === 'list' && dir === undefined) {
    for (const w of listTrusted(io.home)) io.stdout(w);
    return 0;
  }
  if ((sub === 'trust' || sub === 'untrust') && dir !== undefined && extra.length === 0) {
    const abs = path.resolve(dir);
    if (sub === 'trust') {
      try {
        if (!statSync(abs).isDirectory()) throw new Error('not a folder');
      } catch {
        io.stderr(`paragents workspace: ${t('cliTools.workspace.notFolder', { path: abs })}`);
        return 2;
      }
      io.stdout(t('cliTools.workspace.trusted', { path: trustWorkspaceSync(io.home, abs) }));
      return 0;
    }
    io.stdout(t(untrustWorkspaceSync(io.home, abs) ? 'cliTools.workspace.untrusted' : 'cliTools.workspace.wasNotTrusted', { path: abs }));
    return 0;
  }
  io.stderr(usage(t, WORKSPACE_USAGE));
  return 2;
}
