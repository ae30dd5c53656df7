import type { PermissionMode, PolicyDecision, PolicySource } from '../../../shared/policy';
import type { Result } from '../../../shared/result';
import type { Msg } from '../../../shared/i18n/message';
import type { CallPreparer, CheckableCall } from './prepare';
import type { Problem } from './settings/load';
import type { HostEnv } from '../host-env';
import type { EffectiveMode } from './mode';
import type { SandboxReadiness } from './sandbox-decide';
import type { SessionSandboxPolicy } from './sandbox-policy';
import type { SandboxSettings } from './settings/sandbox-settings';

export interface PolicyRequest {
  /** The call as prepared once for every check (`prepareCall`): its workspace, typed effects and parsed command. */
  call: CheckableCall;
  sessionId: string | null;
  mode?: PermissionMode;
  headless: boolean;
}

/** A call given by name with raw input (`paragents policy check`, the `policy.check` request). */
export interface PolicyCheckRequest {
  tool: string;
  /** Raw input: parsed by the tool's schema first; relative paths resolve against the workspace. */
  input: Record<string, unknown>;
  workspace: string;
  sessionId: string | null;
  mode?: PermissionMode;
  headless: boolean;
}

export interface PolicyVerdict extends PolicyDecision {
  /** Narrowest rule an "always allow" would save (several joined by "; " for display); null when not offered. */
  alwaysRule: string | null;
  /** The rules to save, one per asking part (subcommand, path, host); empty when not offered. */
  alwaysRules: string[];
  /**
   * True when the call asks only because of the session's mode: no ask rule, protected path, critical command or
   * unknown tool takes part in the asking. Only such an ask may be answered by a PreToolUse hook's "allow".
   */
  onlyModeAsks?: boolean;
  /** A Bash call the OS sandbox will confine (sandbox on and able to run, the command neither excluded nor asked out). */
  sandboxed?: boolean;
}

export interface SessionGrantStore {
  list(sessionId: string): string[];
  add(sessionId: string, rule: string): void;
}

export interface EffectiveRule {
  rule: string;
  kind: 'allow' | 'ask' | 'deny';
  source: PolicySource;
  file: string | null;
}

export interface PolicyEngine {
  /** Never throws: an internal error asks (interactive) or blocks (headless), source 'builtin'. */
  decide(req: PolicyRequest): Promise<PolicyVerdict>;
  /**
   * Prepares a raw call the way a turn does (schema first) and decides it. An invalid input is an error naming
   * the field; a name outside the registry (`mcp__…`, `WebFetch`) is decided by its rules.
   */
  check(req: PolicyCheckRequest): Promise<Result<PolicyVerdict>>;
  /** "Allow for this session". */
  grantForSession(sessionId: string, rules: string[]): void;
  /** Appends allow rules to <workspace>/.paragents/settings.local.json (atomic write, creating it). */
  allowAlways(workspace: string, rules: string[]): Promise<void>;
  trustWorkspace(workspace: string): Promise<void>;
  untrustWorkspace(workspace: string): Promise<void>;
  isTrusted(workspace: string): boolean;
  /** The mode a session in `workspace` works in: `chosen` (a person's pick) if any, else the settings' (see resolveMode). */
  sessionMode(workspace: string, chosen: PermissionMode | null): EffectiveMode;
  /** The rules in force for a workspace (inert allows of an untrusted workspace or locked sources left out). */
  effectiveRules(workspace: string): Promise<EffectiveRule[]>;
  /** Malformed settings files, unusable and ineffective rules, each with its file and position. */
  problems(workspace: string): Promise<Problem[]>;
  /** The sandbox settings in force for a workspace, merged over its settings files. */
  sandboxSettings(workspace: string): SandboxSettings;
  /** What a session's sandboxed commands may touch (its write roots, denied paths and hosts). */
  sandboxPolicy(workspace: string, sessionId: string | null, session: { tmpdir: string; otherFolders: readonly string[] }): SessionSandboxPolicy;
  /**
   * Turns the sandbox on or off in the user's settings.json (user-settings.ts, its one writer) and gives the file;
   * refused, naming the file, when managed settings set the other value.
   */
  setUserSandboxEnabled(enabled: boolean): Result<string>;
}

export interface PolicyEngineOptions {
  /** PARAGENTS_HOME: user settings.json and trusted-workspaces.json. */
  home: string;
  /** `~` and the environment (PARAGENTS_MANAGED_SETTINGS), as the composition root resolved them. */
  host: HostEnv;
  grants?: SessionGrantStore;
  managedSettingsPath?: string;
  /**
   * Prepares the calls `check` is asked about; its home must be `host.home`. Default: a preparer with its
   * own shell analyzer (the engine passes the one its turns use).
   */
  preparer?: CallPreparer;
  /** Whether the OS sandbox can run, asked only for a workspace that turns it on; absent, it cannot. */
  sandbox?: () => SandboxReadiness;
  /**
   * Told of each session's Bash call that takes the normal flow because the sandbox its settings turn on cannot
   * run here (failIfUnavailable false), with why; the engine says so once per start (the policy knows no bus).
   */
  sandboxOff?: (sessionId: string, reason: Msg) => void;
}

export { createPolicyEngine } from './engine';
export type { EffectiveMode } from './mode';
