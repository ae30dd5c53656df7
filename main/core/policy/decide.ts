import path from 'node:path';
import picomatch from 'picomatch';
import { msg } from '../../../shared/i18n/message';
import type { PolicyDecisionKind } from '../../../shared/policy';
import { part, rulesOf, type DecideContext, type Part } from './context';
import { decidePath } from './decide-path';
import { decideShell } from './decide-shell';
import { decideUrl } from './decide-url';
import { matchMcp } from './rules/match-tool';
import { isReadOnly, type ToolEffect } from '../tools/effects';
import type { CheckableCall } from './prepare';

export interface Combined extends Part {
  alwaysRules: string[];
  /** The call asks only because of the mode: every asking part has source 'mode' (see PolicyVerdict.onlyModeAsks). */
  onlyModeAsks: boolean;
}

const SEVERITY: Record<PolicyDecisionKind, number> = { auto_approved: 0, needs_approval: 1, blocked: 2 };

/** The whole call is as strict as its strictest part; "always allow" is offered only if every asking part has a rule. */
export function combine(parts: Part[]): Combined {
  if (parts.length === 0) return { ...part('needs_approval', 'builtin', msg('reasons.nothingToDecide')), alwaysRules: [], onlyModeAsks: false };
  let worst = parts[0] as Part;
  for (const p of parts) {
    const higher = SEVERITY[p.decision] > SEVERITY[worst.decision];
    const sameButNamed = SEVERITY[p.decision] === SEVERITY[worst.decision] && worst.rule === null && p.rule !== null;
    if (higher || sameButNamed) worst = p;
  }
  const asking = parts.filter((p) => p.decision === 'needs_approval');
  const offer = worst.decision === 'needs_approval' && asking.every((p) => p.always !== null);
  const alwaysRules = offer ? [...new Set(asking.map((p) => p.always as string))] : [];
  const onlyModeAsks = worst.decision === 'needs_approval' && asking.every((p) => p.source === 'mode');
  return { ...worst, always: alwaysRules.length ? alwaysRules.join('; ') : null, alwaysRules, onlyModeAsks };
}

/** Glob's pattern can carry its own root (`/etc/*`, `../x/**`): the folder it searches is its fixed prefix. */
function globScope(pattern: string): string | null {
  const scan = picomatch.scan(pattern);
  const glob = scan.isGlob ? scan.glob : '';
  if (glob.split('/').includes('..')) return null;
  return scan.isGlob ? scan.base || '.' : path.dirname(pattern);
}

/** The parts one declared effect contributes to the call's decision. */
function effectParts(ctx: DecideContext, call: CheckableCall, effect: ToolEffect): Part[] {
  const ws = ctx.workspace;
  const tool = call.name;
  switch (effect.kind) {
    case 'read':
      return [decidePath(ctx, { tool, raw: effect.given, base: ws, op: 'read', recursive: false })];
    case 'write':
      return [decidePath(ctx, { tool, raw: effect.given, base: ws, op: 'write', recursive: false })];
    case 'list': {
      const parts = [decidePath(ctx, { tool, raw: effect.given, base: ws, op: 'read', recursive: false })];
      const pattern = effect.pattern;
      if (pattern === null) return parts;
      if (pattern.includes('\0')) return [part('blocked', 'builtin', msg('reasons.patternNul'))];
      const scope = globScope(pattern);
      if (scope === null) return [part('needs_approval', 'builtin', msg('reasons.patternClimbs'))];
      const p = effect.given;
      const base = path.resolve(ws, p.startsWith('~') ? path.join(ctx.home, p.slice(1)) : p);
      return [...parts, decidePath(ctx, { tool, raw: scope, base, op: 'read', recursive: false })];
    }
    case 'search': {
      const parts = [decidePath(ctx, { tool, raw: effect.given, base: ws, op: 'read', recursive: true })];
      const filter = effect.filter;
      if (filter !== null && (filter.includes('\0') || path.isAbsolute(filter) || filter.split('/').includes('..'))) {
        parts.push(part('needs_approval', 'builtin', msg('reasons.globOutside')));
      }
      return parts;
    }
    case 'shell':
      if (!call.shell || call.shell.command !== effect.command) throw new Error(`the command of ${tool} was not parsed before the decision`);
      return decideShell(ctx, call.shell);
    case 'fetch':
      return [decideUrl(ctx, effect.url)];
    case 'mcp':
      return [decideMcp(ctx, tool)];
    case 'agent':
      return [decideAgent(ctx)];
    case 'plan':
      return [part('auto_approved', 'builtin', msg('reasons.planUpdates'))];
    case 'opaque':
      return [part('needs_approval', 'builtin', msg('reasons.unknownTool', { tool: effect.tool }))];
    default: {
      const never: never = effect;
      return never;
    }
  }
}

/** `deny: ["Agent"]` turns children off, an ask rule asks; otherwise starting one needs no card in any mode. */
function decideAgent(ctx: DecideContext): Part {
  for (const kind of ['deny', 'ask'] as const) {
    const r = rulesOf(ctx, kind, ['Agent'])[0];
    if (r) {
      const why = kind === 'deny' ? msg('reasons.deniedBy', { what: 'Agent', rule: r.text }) : msg('reasons.askedBy', { what: 'Agent', rule: r.text });
      return part(kind === 'deny' ? 'blocked' : 'needs_approval', r.source, why, r.text);
    }
  }
  return part('auto_approved', 'builtin', msg('reasons.agentStarts'));
}

function decideMcp(ctx: DecideContext, tool: string): Part {
  const matches = (name: string): boolean => matchMcp(name, tool);
  for (const kind of ['deny', 'ask'] as const) {
    for (const r of rulesOf(ctx, kind, ['mcp'])) {
      if (r.matcher.type === 'mcp' && matches(r.matcher.name)) {
        const why = kind === 'deny' ? msg('reasons.deniedBy', { what: tool, rule: r.text }) : msg('reasons.mcpAskedBy', { what: tool, rule: r.text });
        return part(kind === 'deny' ? 'blocked' : 'needs_approval', r.source, why, r.text);
      }
    }
  }
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', msg('reasons.bypassAllows', { what: tool }));
  for (const r of rulesOf(ctx, 'allow', ['mcp'])) {
    if (r.matcher.type === 'mcp' && matches(r.matcher.name)) return part('auto_approved', r.source, msg('reasons.allowedBy', { what: tool, rule: r.text }), r.text);
  }
  return part('needs_approval', 'mode', msg('reasons.needsApproval', { what: tool, mode: ctx.mode }), null, tool);
}

/** True when every effect of the call only reads. */
export function readsOnly(call: CheckableCall): boolean {
  return call.effects.every(isReadOnly);
}

/** Decides one prepared tool call against a prepared context. Plan mode blocks everything that is not a read. */
export function decideCall(ctx: DecideContext, call: CheckableCall): Combined {
  const combined = combine(call.effects.flatMap((e) => effectParts(ctx, call, e)));
  if (ctx.mode === 'plan' && !readsOnly(call) && combined.decision !== 'blocked') {
    return { ...part('blocked', 'mode', msg('reasons.planBlocks', { tool: call.name })), alwaysRules: [], onlyModeAsks: false };
  }
  return combined;
}
