import path from 'node:path';
import picomatch from 'picomatch';
import type { PolicyDecisionKind } from '../../../shared/policy';
import { part, rulesOf, type DecideContext, type Part } from './context';
import { decidePath } from './decide-path';
import { decideShell } from './decide-shell';
import { decideUrl } from './decide-url';
import { matchMcp } from './rules/match-tool';

export const READ_TOOLS = new Set(['Read', 'LS', 'Glob', 'Grep']);

export interface Combined extends Part {
  alwaysRules: string[];
}

const SEVERITY: Record<PolicyDecisionKind, number> = { auto_approved: 0, needs_approval: 1, blocked: 2 };

/** The whole call is as strict as its strictest part; "always allow" is offered only if every asking part has a rule. */
export function combine(parts: Part[]): Combined {
  if (parts.length === 0) return { ...part('needs_approval', 'builtin', 'nothing to decide'), alwaysRules: [] };
  let worst = parts[0] as Part;
  for (const p of parts) {
    const higher = SEVERITY[p.decision] > SEVERITY[worst.decision];
    const sameButNamed = SEVERITY[p.decision] === SEVERITY[worst.decision] && worst.rule === null && p.rule !== null;
    if (higher || sameButNamed) worst = p;
  }
  const asking = parts.filter((p) => p.decision === 'needs_approval');
  const offer = worst.decision === 'needs_approval' && asking.every((p) => p.always !== null);
  const alwaysRules = offer ? [...new Set(asking.map((p) => p.always as string))] : [];
  return { ...worst, always: alwaysRules.length ? alwaysRules.join('; ') : null, alwaysRules };
}

function str(input: Record<string, unknown>, key: string, required: boolean): string | undefined | Error {
  const v = input[key];
  if (v === undefined || v === null) return required ? new Error(`input.${key} is required`) : undefined;
  if (typeof v !== 'string') return new Error(`input.${key} must be a string`);
  return v;
}

function pathInput(input: Record<string, unknown>, key: string, required: boolean): string | Error {
  const v = str(input, key, required);
  if (v instanceof Error) return v;
  if (v === undefined) return '.';
  if (required && v === '') return new Error(`input.${key} is empty`);
  return v;
}

/** Glob's pattern can carry its own root (`/etc/*`, `../x/**`): the folder it searches is its fixed prefix. */
function globScope(pattern: string): string | Error {
  const scan = picomatch.scan(pattern);
  const glob = scan.isGlob ? scan.glob : '';
  if (glob.split('/').includes('..')) return new Error('the pattern climbs out of its folder after a wildcard');
  return scan.isGlob ? scan.base || '.' : path.dirname(pattern);
}

async function toolParts(ctx: DecideContext, tool: string, input: Record<string, unknown>): Promise<Part[]> {
  const ws = ctx.workspace;
  const bad = (e: Error): Part[] => [part('blocked', 'builtin', `invalid ${tool} input: ${e.message}`)];
  switch (tool) {
    case 'Read': {
      const p = pathInput(input, 'path', true);
      return p instanceof Error ? bad(p) : [decidePath(ctx, { tool, raw: p, base: ws, op: 'read', recursive: false })];
    }
    case 'Write':
    case 'Edit': {
      const p = pathInput(input, 'path', true);
      if (p instanceof Error) return bad(p);
      const parts = [decidePath(ctx, { tool, raw: p, base: ws, op: 'write', recursive: false })];
      return parts;
    }
    case 'LS': {
      const p = pathInput(input, 'path', false);
      return p instanceof Error ? bad(p) : [decidePath(ctx, { tool, raw: p, base: ws, op: 'read', recursive: false })];
    }
    case 'Glob': {
      const p = pathInput(input, 'path', false);
      const pattern = str(input, 'pattern', true);
      if (p instanceof Error) return bad(p);
      if (pattern instanceof Error || pattern === undefined) return bad(pattern ?? new Error('input.pattern is required'));
      if (pattern.includes('\0')) return [part('blocked', 'builtin', 'the pattern contains a NUL byte')];
      const scope = globScope(pattern);
      if (scope instanceof Error) return [part('needs_approval', 'builtin', scope.message)];
      const base = path.resolve(ws, p.startsWith('~') ? path.join(ctx.home, p.slice(1)) : p);
      return [
        decidePath(ctx, { tool, raw: p, base: ws, op: 'read', recursive: false }),
        decidePath(ctx, { tool, raw: scope, base, op: 'read', recursive: false }),
      ];
    }
    case 'Grep': {
      const p = pathInput(input, 'path', false);
      if (p instanceof Error) return bad(p);
      const glob = str(input, 'glob', false);
      if (glob instanceof Error) return bad(glob);
      const parts = [decidePath(ctx, { tool, raw: p, base: ws, op: 'read', recursive: true })];
      if (glob !== undefined && (glob.includes('\0') || path.isAbsolute(glob) || glob.split('/').includes('..'))) {
        parts.push(part('needs_approval', 'builtin', 'the glob filter reaches outside the searched folder'));
      }
      return parts;
    }
    case 'Bash': {
      const command = str(input, 'command', true);
      if (command instanceof Error || command === undefined) return bad(command ?? new Error('input.command is required'));
      if (command.trim() === '') return bad(new Error('input.command is empty'));
      return decideShell(ctx, command);
    }
    case 'WebFetch': {
      const url = str(input, 'url', true);
      if (url instanceof Error || url === undefined) return bad(url ?? new Error('input.url is required'));
      return [decideUrl(ctx, url)];
    }
    default:
      if (tool.startsWith('mcp__')) return [decideMcp(ctx, tool)];
      return [part('needs_approval', 'builtin', `${tool} is not a tool the policy knows`)];
  }
}

function decideMcp(ctx: DecideContext, tool: string): Part {
  const matches = (name: string): boolean => matchMcp(name, tool);
  for (const kind of ['deny', 'ask'] as const) {
    for (const r of rulesOf(ctx, kind, ['mcp'])) {
      if (r.matcher.type === 'mcp' && matches(r.matcher.name)) {
        return part(kind === 'deny' ? 'blocked' : 'needs_approval', r.source, `${tool} is ${kind === 'deny' ? 'denied' : 'asked'} by ${r.text}`, r.text);
      }
    }
  }
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', `bypass mode allows ${tool}`);
  for (const r of rulesOf(ctx, 'allow', ['mcp'])) {
    if (r.matcher.type === 'mcp' && matches(r.matcher.name)) return part('auto_approved', r.source, `${tool} is allowed by ${r.text}`, r.text);
  }
  return part('needs_approval', 'mode', `${tool} needs approval in ${ctx.mode} mode`, null, tool);
}

/** Decides one tool call against a prepared context. Plan mode blocks everything that is not a read. */
export async function decideCall(ctx: DecideContext, tool: string, input: Record<string, unknown>): Promise<Combined> {
  const combined = combine(await toolParts(ctx, tool, input));
  if (ctx.mode === 'plan' && !READ_TOOLS.has(tool) && combined.decision !== 'blocked') {
    return { ...part('blocked', 'mode', `plan mode allows only reads; ${tool} is blocked`), alwaysRules: [] };
  }
  return combined;
}
