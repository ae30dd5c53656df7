import path from 'node:path';
import type { HookStanding } from '../../../shared/hooks';
import { english, msg, type Msg } from '../../../shared/i18n/message';
import { createSettingsLoader, type LoadedSettings, type SettingsLoader } from '../policy/settings/load';
import { settingsSources } from '../policy/settings/sources';
import { workspaceKey } from '../policy/trust';
import type { HookApprovals } from './approvals';
import { hookMatches } from './matcher';
import type { HookDef, HookProblem } from '../policy/settings/hooks-block';
import type { HookEventName } from './types';

/** A hook with whether it runs in the workspace asked about. */
export interface ConfiguredHook extends HookDef {
  standing: HookStanding;
  /** Why it does not run, in English (what `--json` reads), and the same sentence as data. */
  reason: string | null;
  reasonMsg?: Msg;
  /** It runs confined by the OS sandbox there (an active project hook of a workspace that confines its commands). */
  sandboxed: boolean;
}

export interface HookSetup {
  workspace: string | null;
  trusted: boolean;
  /** Managed settings lock the permission rules: only a managed hook's "allow" may skip an approval. */
  lockPermissionRules: boolean;
  hooks: ConfiguredHook[];
  problems: HookProblem[];
}

export interface HookConfigOptions {
  /** PARAGENTS_HOME: the user's settings.json. */
  home: string;
  managedFile: string;
  isTrusted(workspace: string): boolean;
  approvals: HookApprovals;
  /** Whether a workspace's commands run confined by the OS sandbox now (absent: never), as its project hooks do. */
  confines?(workspace: string): boolean;
}

const isProject = (h: { source: string }): boolean => h.source === 'project' || h.source === 'local';

/** Problems that mean a file could not be read at all (so none of its hooks are known), by their sentence's key. */
const UNREADABLE: ReadonlySet<string> = new Set([
  'notices.settings.invalidJson',
  'notices.settings.cannotRead',
  'notices.settings.notRegular',
  'notices.settings.notObject',
]);

/**
 * The hooks of the settings files, highest source first (managed, project-local, project, user), and which of
 * them run in a workspace: a project file's hooks only in a trusted workspace, and only commands a person has
 * approved for it; with managed `allowManagedHooksOnly`, managed hooks only. Files are re-read when they change.
 */
export class HookConfig {
  private readonly loader: SettingsLoader = createSettingsLoader();

  constructor(private readonly opts: HookConfigOptions) {}

  private files(workspace: string | null): LoadedSettings[] {
    const all = settingsSources(workspace ?? this.opts.home, this.opts.home, this.opts.managedFile);
    const wanted = workspace === null ? all.filter((s) => s.source === 'managed' || s.source === 'user') : all;
    return wanted.map((s) => this.loader.load(s.file, s.source));
  }

  setup(workspaceIn: string | null): HookSetup {
    const workspace = workspaceIn === null ? null : path.resolve(workspaceIn);
    const files = this.files(workspace);
    const managed = files.find((f) => f.source === 'managed');
    const managedOnly = managed?.hooks.managedOnly ?? false;
    const trusted = workspace !== null && this.opts.isTrusted(workspace);
    // The workspace's real path names its approvals: found only when a project hook asks (a realpath each time).
    let key: string | null | undefined;
    const keyOf = (): string | null => (key ??= workspace !== null ? workspaceKey(workspace) : null);
    // Asked only when an active project hook is there, so a list without one never probes the sandbox.
    let confined: boolean | undefined;
    const confinedHere = (): boolean => (confined ??= workspace !== null && (this.opts.confines?.(workspace) ?? false));
    const hooks: ConfiguredHook[] = [];
    const problems: HookProblem[] = [];
    for (const f of files) {
      problems.push(...f.hooks.problems, ...f.problems.filter((p) => p.msg !== undefined && UNREADABLE.has(p.msg.key)));
      for (const h of f.hooks.hooks) {
        const standing = this.standing(h, { managedOnly, trusted, keyOf, workspace });
        hooks.push({ ...h, ...standing, sandboxed: standing.standing === 'active' && isProject(h) && confinedHere() });
      }
    }
    return { workspace, trusted, lockPermissionRules: managed?.lockPermissionRules ?? false, hooks, problems };
  }

  private standing(
    h: HookDef,
    at: { managedOnly: boolean; trusted: boolean; keyOf: () => string | null; workspace: string | null },
  ): { standing: HookStanding; reason: string | null; reasonMsg?: Msg } {
    const not = (standing: HookStanding, m: Msg) => ({ standing, reason: english(m), reasonMsg: m });
    if (at.managedOnly && h.source !== 'managed') return not('managed_only', msg('notices.hook.managedOnly'));
    if (!isProject(h)) return { standing: 'active', reason: null };
    if (!at.trusted) return not('untrusted', msg('notices.hook.untrusted', { workspace: at.workspace ?? '' }));
    const key = at.keyOf();
    if (key === null || !this.opts.approvals.isApproved(key, h.command)) {
      return not('needs_approval', msg('notices.hook.waitingApproval', { workspace: at.workspace ?? '' }));
    }
    return { standing: 'active', reason: null };
  }

  /**
   * The hooks of one event for a subject (the tool name of Pre/PostToolUse, the trigger of PreCompact …) in a
   * workspace: those that run, and project hooks left out only because no person approved them yet.
   */
  matching(workspace: string, event: HookEventName, subject: string | null): { run: ConfiguredHook[]; unapproved: ConfiguredHook[]; setup: HookSetup } {
    const setup = this.setup(workspace);
    const mine = setup.hooks.filter((h) => h.event === event && hookMatches(h, subject));
    // The same command configured twice (user and project files, two matchers) runs once.
    const seen = new Set<string>();
    const run = mine.filter((h) => h.standing === 'active' && !seen.has(h.command) && seen.add(h.command));
    return { run, unapproved: mine.filter((h) => h.standing === 'needs_approval'), setup };
  }
}
