import { statSync } from 'node:fs';
import path from 'node:path';
import { listTrusted, trustWorkspaceSync, untrustWorkspaceSync } from '../core/policy/trust';
import type { CliIo } from './io';

export const WORKSPACE_USAGE = 'usage: paragents workspace trust DIR | workspace untrust DIR | workspace list';

/** `paragents workspace trust|untrust DIR` and `workspace list`: which workspaces' own allow rules and modes apply. */
export async function runWorkspaceCommand(argv: string[], io: CliIo): Promise<number> {
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
        io.stderr(`paragents workspace: ${abs} is not a folder`);
        return 2;
      }
      io.stdout(`trusted ${trustWorkspaceSync(io.home, abs)}`);
      return 0;
    }
    io.stdout(untrustWorkspaceSync(io.home, abs) ? `untrusted ${abs}` : `${abs} was not trusted`);
    return 0;
  }
  io.stderr(WORKSPACE_USAGE);
  return 2;
}
