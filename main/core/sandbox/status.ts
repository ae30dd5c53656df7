import { english } from '../../../shared/i18n/message';
import type { SandboxStatus } from '../../../shared/sandbox';
import type { PolicyEngine } from '../policy';
import type { SandboxAvailability } from './availability';

export interface StatusInput {
  policy: Pick<PolicyEngine, 'sandboxSettings' | 'sandboxPolicy'>;
  availability: SandboxAvailability;
  /** The workspace to read the settings for (a session's), or null for the user's and managed settings alone. */
  workspace: string | null;
  session: { id: string; tmpdir: string; otherFolders: readonly string[]; violations: number } | null;
}

/** What the sandbox view and `paragents sandbox status` show: availability, settings, and the session's lists. */
export function sandboxStatus(d: StatusInput): SandboxStatus {
  const a = d.availability;
  // Settings are read for a folder: without a workspace, one that holds no project settings (the data folder's
  // parent would do as well); only the user's and managed files then say anything.
  const where = d.workspace ?? '/';
  const settings = d.policy.sandboxSettings(where);
  const lists =
    d.workspace !== null
      ? d.policy.sandboxPolicy(where, d.session?.id ?? null, { tmpdir: d.session?.tmpdir ?? '', otherFolders: d.session?.otherFolders ?? [] })
      : null;
  return {
    available: a.available,
    platform: a.platform,
    missing: a.available ? [] : a.missing,
    install: a.available ? null : a.install,
    reason: a.available ? null : english(a.reason),
    ...(a.available ? {} : { reasonMsg: a.reason }),
    workspace: d.workspace,
    enabled: settings.enabled.value,
    enabledSource: settings.enabled.source,
    mode: settings.autoAllowBashIfSandboxed.value ? 'auto-allow' : 'regular',
    allowUnsandboxedCommands: settings.allowUnsandboxedCommands.value,
    failIfUnavailable: settings.failIfUnavailable.value,
    excludedCommands: settings.excludedCommands.map((c) => c.spec),
    sandboxed: settings.enabled.value && a.available,
    writeRoots: (lists?.writeRoots ?? []).filter((r) => r !== ''),
    denyWrite: lists?.denyWrite ?? [],
    denyRead: lists?.denyRead ?? [],
    allowedDomains: lists?.allowedDomains ?? settings.network.allowedDomains,
    deniedDomains: lists?.deniedDomains ?? settings.network.deniedDomains,
    violations: d.session?.violations ?? 0,
  };
}
