import path from 'node:path';
import { msg, type Msg } from '../../../shared/i18n/message';
import type { PolicySource } from '../../../shared/policy';
import { pathSpecifier } from './always-rule';
import { part, rulesOf, type DecideContext, type Part } from './context';
import { couldMatchBelow, matchPath } from './rules/match-path';
import type { Rule } from './rules/types';
import { hasInvisibleChars, isInside, isProcEnviron, kernelPath, lexicalPath } from './paths';
import { protectedReason } from './protected-paths';

export interface PathAccess {
  /** The calling tool: Read, Write, Edit, LS, Glob, Grep or Bash. */
  tool: string;
  raw: string;
  /** Folder relative paths resolve against. */
  base: string;
  op: 'read' | 'write';
  /** The call reads or writes a whole tree below the path (Grep, rm -r, globs). */
  recursive: boolean;
  /** The names written below the path are chosen when the command runs (`tar -x`): any of them may be protected. */
  namesBelowUnknown?: boolean;
  /**
   * The allow rule of the command whose arguments name this path (`Bash(rm *)` for `rm -rf build`): it covers
   * the path inside the workspace and additional folders, after deny, ask and protected paths.
   */
  grant?: { rule: string; source: PolicySource };
}

function ruleMatches(rule: Rule, candidates: string[], access: PathAccess, ctx: DecideContext): boolean {
  const m = rule.matcher;
  if (m.type === 'any') return true;
  if (m.type !== 'path') return false;
  if (rule.kind === 'allow') return candidates.every((c) => matchPath(m.pattern, c, ctx.roots, true, ctx.globs));
  return candidates.some(
    (c) =>
      matchPath(m.pattern, c, ctx.roots, false, ctx.globs) || (access.recursive && couldMatchBelow(m.pattern, c, ctx.roots, ctx.globs)),
  );
}

const label = (op: 'read' | 'write', path: string): Msg => (op === 'read' ? msg('reasons.reading', { path }) : msg('reasons.writing', { path }));

/** One file or folder access: deny if either the lexical or the real path matches, allow only if both do. */
export function decidePath(ctx: DecideContext, access: PathAccess): Part {
  const { raw, op } = access;
  if (raw.includes('\0')) return part('blocked', 'builtin', msg('reasons.pathNul', { path: JSON.stringify(raw) }));
  if (raw.trim() === '') return part('blocked', 'builtin', msg('reasons.pathEmpty'));
  const lexical = lexicalPath(access.base, raw, ctx.home);
  const real = kernelPath(access.base, raw, ctx.home);
  const candidates = [...new Set([lexical, real])];
  const shown = real === lexical ? lexical : `${lexical} (really ${real})`;
  if (op === 'read' && candidates.some(isProcEnviron)) {
    return part('blocked', 'builtin', msg('reasons.environ', { path: shown }));
  }
  const toolRules = op === 'read' ? ['Read', access.tool] : ['Edit'];
  const denyTools = op === 'read' ? toolRules : ['Edit', 'Read'];
  for (const rule of rulesOf(ctx, 'deny', denyTools)) {
    if (!ruleMatches(rule, candidates, access, ctx)) continue;
    const below = !ruleMatches(rule, candidates, { ...access, recursive: false }, ctx);
    if (below) return part('needs_approval', rule.source, msg('reasons.mayTouchDenied', { what: label(op, shown), rule: rule.text }), rule.text);
    return part('blocked', rule.source, msg('reasons.deniedBy', { what: label(op, shown), rule: rule.text }), rule.text);
  }
  for (const rule of rulesOf(ctx, 'ask', denyTools)) {
    if (ruleMatches(rule, candidates, access, ctx)) {
      return part('needs_approval', rule.source, msg('reasons.askedBy', { what: label(op, shown), rule: rule.text }), rule.text);
    }
  }
  if (hasInvisibleChars(raw)) return part('needs_approval', 'builtin', msg('reasons.pathInvisible', { path: JSON.stringify(raw) }));
  if (op === 'write') {
    const reason = protectedReason(lexical) ?? protectedReason(real);
    if (reason) return part('needs_approval', 'builtin', msg('reasons.protectedWrite', { path: shown, why: reason }));
    if (access.namesBelowUnknown) {
      return part('needs_approval', 'builtin', msg('reasons.namesBelowUnknown', { path: shown }));
    }
  }
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', msg('reasons.bypassAllows', { what: label(op, shown) }));
  const tree = access.recursive;
  const always = `${op === 'read' ? 'Read' : 'Edit'}(${pathSpecifier(lexical, ctx.workspace, ctx.home, tree)})`;
  for (const rule of rulesOf(ctx, 'allow', toolRules)) {
    if (ruleMatches(rule, candidates, access, ctx)) {
      return part('auto_approved', rule.source, msg('reasons.allowedBy', { what: label(op, shown), rule: rule.text }), rule.text);
    }
  }
  const dirs = op === 'read' ? ctx.readDirs : ctx.writeDirs;
  const inside = candidates.every((c) => dirs.some((d) => isInside(c, d)));
  if (inside && access.grant) {
    const { rule, source } = access.grant;
    return part('auto_approved', source, msg('reasons.allowedByCommand', { what: label(op, shown), rule }), rule);
  }
  if (op === 'read') {
    if (inside) return part('auto_approved', 'mode', msg('reasons.readInside', { path: path.relative(ctx.workspace, lexical) || '.' }));
    return part('needs_approval', 'mode', msg('reasons.readOutside', { path: shown }), null, always);
  }
  if (ctx.mode === 'acceptEdits' && inside) return part('auto_approved', 'mode', msg('reasons.acceptEditsWrites', { path: shown }));
  return part('needs_approval', 'mode', msg('reasons.needsApproval', { what: label(op, shown), mode: ctx.mode }), null, always);
}
