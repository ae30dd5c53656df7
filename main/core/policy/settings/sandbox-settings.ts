import path from 'node:path';
import type { PolicySource } from '../../../../shared/policy';
import { expandTilde } from '../paths';
import type { LoadedSettings } from './load';
import type { ExcludedCommand, SandboxBlock } from './sandbox-block';

/** Where a sandbox flag's value came from: a settings file, or the built-in default. */
export type SandboxFlagSource = PolicySource | 'default';

export interface SandboxFlag {
  value: boolean;
  source: SandboxFlagSource;
}

/** The sandbox settings in force for one workspace, merged over its settings files. */
export interface SandboxSettings {
  enabled: SandboxFlag;
  autoAllowBashIfSandboxed: SandboxFlag;
  allowUnsandboxedCommands: SandboxFlag;
  failIfUnavailable: SandboxFlag;
  excludedCommands: ExcludedCommand[];
  /** Absolute paths (`~` expanded, relative ones taken from the workspace). */
  filesystem: { allowWrite: string[]; denyWrite: string[]; denyRead: string[]; allowRead: string[] };
  network: { allowedDomains: string[]; deniedDomains: string[]; allowLocalBinding: boolean; allowUnixSockets: string[] };
}

const DEFAULTS = {
  enabled: false,
  autoAllowBashIfSandboxed: true,
  allowUnsandboxedCommands: true,
  failIfUnavailable: false,
} as const;
type FlagKey = keyof typeof DEFAULTS;

/**
 * Which value of each flag narrows what a command may do. A project whose folder is not trusted may only narrow
 * (turn the sandbox on, make it fail hard, keep cards): like its allow rules, a widening value of its is ignored.
 */
const NARROWING: Record<FlagKey, boolean> = {
  enabled: true,
  autoAllowBashIfSandboxed: false,
  allowUnsandboxedCommands: false,
  failIfUnavailable: true,
};

const isProject = (s: LoadedSettings): boolean => s.source === 'local' || s.source === 'project';

/**
 * Merges the `sandbox` blocks of a workspace's settings files (highest precedence first: managed, local,
 * project, user). A flag takes the value of the highest file that sets it, so managed settings can force one;
 * lists are the union of every file's. An untrusted project adds only what narrows: deny lists, not allow lists.
 */
export function mergeSandboxSettings(files: readonly LoadedSettings[], opts: { workspace: string; home: string; trusted: boolean }): SandboxSettings {
  const flag = (key: FlagKey): SandboxFlag => {
    for (const f of files) {
      const v = f.sandbox[key];
      if (v === undefined) continue;
      if (isProject(f) && !opts.trusted && v !== NARROWING[key]) continue;
      return { value: v, source: f.source };
    }
    return { value: DEFAULTS[key], source: 'default' };
  };
  const abs = (p: string): string => path.resolve(opts.workspace, expandTilde(p, opts.home));
  const union = <T>(pick: (b: SandboxBlock) => readonly T[], widens: boolean): T[] => {
    const out: T[] = [];
    for (const f of files) {
      if (widens && isProject(f) && !opts.trusted) continue;
      for (const x of pick(f.sandbox)) if (!out.includes(x)) out.push(x);
    }
    return out;
  };
  const commands = new Map<string, ExcludedCommand>();
  for (const c of union((b) => b.excludedCommands, true)) commands.set(c.spec, c);
  let allowLocalBinding = false;
  for (const f of files) {
    const v = f.sandbox.network.allowLocalBinding;
    if (v === undefined) continue;
    if (!(isProject(f) && !opts.trusted && v)) allowLocalBinding = v;
    break;
  }
  return {
    enabled: flag('enabled'),
    autoAllowBashIfSandboxed: flag('autoAllowBashIfSandboxed'),
    allowUnsandboxedCommands: flag('allowUnsandboxedCommands'),
    failIfUnavailable: flag('failIfUnavailable'),
    excludedCommands: [...commands.values()],
    filesystem: {
      allowWrite: union((b) => b.filesystem.allowWrite, true).map(abs),
      denyWrite: union((b) => b.filesystem.denyWrite, false).map(abs),
      denyRead: union((b) => b.filesystem.denyRead, false).map(abs),
      allowRead: union((b) => b.filesystem.allowRead, true).map(abs),
    },
    network: {
      allowedDomains: union((b) => b.network.allowedDomains, true),
      deniedDomains: union((b) => b.network.deniedDomains, false),
      allowLocalBinding,
      allowUnixSockets: union((b) => b.network.allowUnixSockets, true).map(abs),
    },
  };
}
