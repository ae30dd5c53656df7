import { english, msg, type Msg } from '../../../shared/i18n/message';
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
  modeNote: Msg | null;
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
  /** The English sentence of `reasonMsg`. */
  reason: string;
  reasonMsg: Msg;
  /** The narrowest allow rule that would approve this part next time; null when none can. */
  always: string | null;
}

export function rulesOf(ctx: DecideContext, kind: RuleKind, tools: readonly string[]): Rule[] {
  return ctx.rules.filter((r) => r.kind === kind && tools.includes(r.tool));
}

export const part = (
  decision: PolicyDecisionKind,
  source: PolicySource,
  reason: Msg,
  rule: string | null = null,
  always: string | null = null,
): Part => ({ decision, rule, source, reason: english(reason), reasonMsg: reason, always });

/** A decision's reason as data, only when it is the sentence its English says (a later step may rewrite the text alone). */
export function reasonMsgOf(d: { reason: string; reasonMsg?: Msg | undefined }): Msg | undefined {
  return d.reasonMsg && english(d.reasonMsg) === d.reason ? d.reasonMsg : undefined;
}

type Wrapping = 'reasons.approvedAll' | 'reasons.approveNever' | 'reasons.headless' | 'reasons.modeNote';

/**
 * A reason inside a longer one ("headless run, nobody can approve: …"): as data when the inner reason is (every
 * decision of the policy is), else the English sentence alone (a later step rewrote the text without a Msg).
 */
export function wrapReason(d: { reason: string; reasonMsg?: Msg | undefined }, key: Wrapping): { reason: string; reasonMsg: Msg | undefined } {
  const inner = reasonMsgOf(d);
  const m = msg(key, { reason: inner ?? d.reason });
  return { reason: english(m), reasonMsg: inner ? m : undefined };
}
