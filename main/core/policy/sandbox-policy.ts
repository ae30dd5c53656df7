import path from 'node:path';
import type { Rule } from './rules/types';
import { PROTECTED_DIRS, PROTECTED_FILES } from './protected-paths';
import type { SandboxSettings } from './settings/sandbox-settings';

/** What one session's sandboxed commands may touch: the OS enforces exactly these lists. */
export interface SessionSandboxPolicy {
  /** Folders a command may write below: the workspace (or worktree), additional directories, its temp folder, allowWrite. */
  writeRoots: string[];
  /** Paths inside those roots it may still not write: protected files, other sessions' folders, denyWrite, Edit deny rules. */
  denyWrite: string[];
  /** Paths it may not read (reading is allowed everywhere else): Read deny rules and denyRead. */
  denyRead: string[];
  /** Paths inside a denied read it may read again (allowRead). */
  allowRead: string[];
  /** Hosts reachable without asking: allowedDomains and WebFetch(domain:…) allow rules. */
  allowedDomains: string[];
  /** Hosts never reachable: deniedDomains and WebFetch deny rules (they win over an allow). */
  deniedDomains: string[];
  allowLocalBinding: boolean;
  allowUnixSockets: string[];
  /** The session's own temp folder, given to commands as TMPDIR. */
  tmpdir: string;
}

export interface SessionSandboxInput {
  settings: SandboxSettings;
  /** The folder commands run in: the session's workspace, or its worktree when isolated. */
  workspace: string;
  /** Folders the policy lets this session write (workspace, its real path, additionalDirectories). */
  writeDirs: readonly string[];
  home: string;
  tmpdir: string;
  /** Workspaces and worktrees of the other open sessions. */
  otherFolders: readonly string[];
  /** The rules in force for the session (allow, ask and deny of every source). */
  rules: readonly Rule[];
}

/** Inside a write root, what runs code later stays read-only: git's hooks and config, editors' and our settings, rc files. */
function protectedIn(root: string): string[] {
  const out = [path.join(root, '.git', 'hooks'), path.join(root, '.git', 'config')];
  // `.git` itself stays writable: committing writes its objects and refs.
  for (const d of PROTECTED_DIRS) if (d !== '.git') out.push(path.join(root, d));
  for (const f of PROTECTED_FILES) out.push(path.join(root, f));
  return out;
}

/** A rule's path pattern as an absolute path or glob the sandbox understands. */
function rulePath(rule: Rule, workspace: string, home: string): string | null {
  if (rule.matcher.type === 'any') return rule.tool === 'Read' || rule.tool === 'Edit' ? '/' : null;
  if (rule.matcher.type !== 'path') return null;
  const { root, rel } = rule.matcher.pattern;
  switch (root) {
    case 'workspace':
      return rel === '' ? workspace : path.join(workspace, rel);
    case 'home':
      return rel === '' ? home : path.join(home, rel);
    case 'absolute':
      return path.join('/', rel);
    case 'anywhere':
      return `**/${rel}`;
  }
}

const within = (child: string, parent: string): boolean => child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

const unique = (xs: readonly string[]): string[] => [...new Set(xs)];

/**
 * The lists the OS sandbox enforces for one session's commands. Another session's folder is denied only when it
 * is not also one of this session's roots (two sessions may share a workspace) and does not contain one.
 */
export function sessionSandboxPolicy(input: SessionSandboxInput): SessionSandboxPolicy {
  const { settings, workspace, home, rules } = input;
  const writeRoots = unique([...input.writeDirs, workspace, input.tmpdir, ...settings.filesystem.allowWrite]);
  const others = input.otherFolders.filter((o) => !writeRoots.some((r) => within(r, o)));
  const denyRules = rules.filter((r) => r.kind === 'deny');
  const denied = (tool: Rule['tool']): string[] =>
    denyRules.filter((r) => r.tool === tool).flatMap((r) => rulePath(r, workspace, home) ?? []);
  const domains = (kind: Rule['kind']): string[] =>
    rules.flatMap((r) => (r.kind === kind && r.tool === 'WebFetch' && r.matcher.type === 'domain' ? [r.matcher.wildcard ? `*.${r.matcher.domain}` : r.matcher.domain] : []));
  return {
    writeRoots,
    // The session's own temp folder is nobody's project: nothing there is run later, so nothing there is protected.
    denyWrite: unique([...writeRoots.filter((r) => r !== input.tmpdir).flatMap(protectedIn), ...others, ...settings.filesystem.denyWrite, ...denied('Edit')]),
    denyRead: unique([...denied('Read'), ...settings.filesystem.denyRead]),
    allowRead: unique(settings.filesystem.allowRead),
    allowedDomains: unique([...settings.network.allowedDomains, ...domains('allow')]),
    deniedDomains: unique([...settings.network.deniedDomains, ...domains('deny')]),
    allowLocalBinding: settings.network.allowLocalBinding,
    allowUnixSockets: settings.network.allowUnixSockets,
    tmpdir: input.tmpdir,
  };
}
