import { statSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import type { HooksOverview, HookView } from '../../../shared/hooks';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { workspaceKey } from '../policy/trust';
import type { HookApprovals } from './approvals';
import type { ConfiguredHook, HookConfig } from './config';

export type HooksRequestNames = 'hooks.list' | 'hooks.approve';

const view = (h: ConfiguredHook): HookView => ({
  event: h.event,
  matcher: h.matcher,
  command: h.command,
  timeout: h.timeoutMs / 1000,
  source: h.source,
  file: h.file,
  standing: h.standing,
  reason: h.reason,
  ...(h.reasonMsg ? { reasonMsg: h.reasonMsg } : {}),
  ...(h.sandboxed ? { sandboxed: true } : {}),
});

/** The hooks of the settings files and whether each runs in `workspace` (null: the user's and managed hooks). */
export function hooksOverview(config: HookConfig, workspace: string | null): HooksOverview {
  const setup = config.setup(workspace);
  return { workspace: setup.workspace, trusted: setup.trusted, hooks: setup.hooks.map(view), problems: setup.problems };
}

/**
 * Records that a person has seen a workspace's project hook commands (`commands`, or all of them) and lets them
 * run there once it is trusted, or withdraws that. A command that no project file of the workspace holds is an
 * error naming it.
 */
export function approveHooks(
  d: { config: HookConfig; approvals: HookApprovals },
  input: { workspace: string; commands?: readonly string[]; approved: boolean },
): Result<HooksOverview> {
  const workspace = path.resolve(input.workspace);
  try {
    if (!statSync(workspace).isDirectory()) return err('invalid_input', msg('engineErrors.request.notAFolder', { path: workspace }));
  } catch {
    return err('invalid_input', msg('engineErrors.request.doesNotExist', { path: workspace }));
  }
  const project = d.config.setup(workspace).hooks.filter((h) => h.source === 'project' || h.source === 'local');
  const known = new Set(project.map((h) => h.command));
  const commands = input.commands ?? [...known];
  const unknown = commands.find((c) => !known.has(c));
  if (unknown !== undefined) return err('not_found', msg('engineErrors.request.noProjectHook', { workspace, command: unknown }));
  d.approvals.set(workspaceKey(workspace), commands, input.approved);
  return ok(hooksOverview(d.config, workspace));
}

/** The hooks view's and the panel's requests. */
export function createHooksHandlers(d: { config: HookConfig; approvals: HookApprovals }): Pick<RequestHandlers, HooksRequestNames> {
  return {
    'hooks.list': ({ workspace }) => ok(hooksOverview(d.config, workspace ? path.resolve(workspace) : null)),
    'hooks.approve': (input) => approveHooks(d, input),
  };
}
