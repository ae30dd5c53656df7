import type { PermissionMode, PolicyDecisionKind, PolicySource } from '../../../shared/policy';
import type { GlobMatchers } from './rules/glob-matchers';
import type { PathRoots } from './rules/match-path';
import type { Rule, RuleKind } from './rules/types';

/** Everything one decision needs, built fresh per call from the current settings. */
export interface DecideContext {
  workspace: string;
  home: string;
  roots: PathRoots;
  mode: PermissionMode;
  /** Why the mode differs from the one asked for (bypass refused, ...). */
  modeNote: string | null;
  /** Effective rules, highest source first (inert allows already removed). */
  rules: Rule[];
  /** Workspace and additional directories, as written and as real paths: reads inside are allowed by default. */
  readDirs: string[];
  /** Workspace roots and additional directories where acceptEdits allows writes. */
  writeDirs: string[];
  /** The policy engine's compiled rule globs. */
  globs: GlobMatchers;
}

/** The verdict on one part of a call (a path, a subcommand, a URL). */
export interface Part {
  decision: PolicyDecisionKind;
  rule: string | null;
  source: PolicySource;
  reason: string;
  /** The narrowest allow rule that would approve this part next time; null when none can. */
  always: string | null;
}

export function rulesOf(ctx: DecideContext, kind: RuleKind, tools: readonly string[]): Rule[] {
  return ctx.rules.filter((r) => r.kind === kind && tools.includes(r.tool));
}

export const part = (
  decision: PolicyDecisionKind,
  source: PolicySource,
  reason: string,
  rule: string | null = null,
  always: string | null = null,
): Part => ({ decision, rule, source, reason, always });
