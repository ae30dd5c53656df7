import { domainToASCII } from 'node:url';
import type { PolicySource } from '../../../../shared/policy';
import { parseBashPattern } from './parse-bash-pattern';
import { parsePathPattern } from './match-path';
import type { Matcher, Rule, RuleKind, RuleTool } from './types';

const TOOLS: Record<string, RuleTool> = {
  Read: 'Read',
  Write: 'Edit',
  Edit: 'Edit',
  MultiEdit: 'Edit',
  LS: 'LS',
  Glob: 'Glob',
  Grep: 'Grep',
  Bash: 'Bash',
  WebFetch: 'WebFetch',
};

export type ParsedRule = { ok: true; rule: Rule; warning: string | null } | { ok: false; message: string };

/** Normalises a domain the way the URL parser does: IDNA to ASCII, lower case, trailing dot dropped. */
export function normaliseDomain(d: string): string | null {
  const ascii = domainToASCII(d.trim().toLowerCase().replace(/\.$/, ''));
  return ascii === '' ? null : ascii;
}

function specMatcher(tool: RuleTool, spec: string): Matcher | string {
  switch (tool) {
    case 'Bash': {
      const tokens = parseBashPattern(spec);
      return typeof tokens === 'string' ? tokens : { type: 'bash', tokens };
    }
    case 'WebFetch': {
      const m = /^domain:(.+)$/s.exec(spec.trim());
      if (!m) return 'WebFetch rules take domain:HOST';
      let host = (m[1] as string).trim();
      const wildcard = host.startsWith('*.');
      if (wildcard) host = host.slice(2);
      if (host.includes('*') || host.includes('/')) return 'only a leading "*." wildcard is allowed in a domain';
      const domain = normaliseDomain(host);
      return domain ? { type: 'domain', domain, wildcard } : `"${host}" is not a valid domain`;
    }
    case 'mcp':
      return 'MCP rules take no specifier';
    default: {
      const pattern = parsePathPattern(spec);
      return typeof pattern === 'string' ? pattern : { type: 'path', pattern };
    }
  }
}

/**
 * Parses `Tool` or `Tool(specifier)`. A rule that cannot be read never grants: an allow is dropped, while an
 * unreadable deny or ask falls back to covering the whole tool (fail closed); both are reported.
 */
export function parseRule(text: unknown, kind: RuleKind, source: PolicySource, file: string | null): ParsedRule {
  if (typeof text !== 'string') return { ok: false, message: 'a rule must be a string' };
  const trimmed = text.trim();
  const m = /^([A-Za-z_][A-Za-z0-9_*-]*)(?:\((.*)\))?$/s.exec(trimmed);
  if (!m) return { ok: false, message: `"${text}" is not a rule (expected Tool or Tool(specifier))` };
  const name = m[1] as string;
  const spec = m[2];
  const base = { text: trimmed, kind, source, file };
  if (name.startsWith('mcp__')) {
    if (spec !== undefined) return { ok: false, message: `"${text}": MCP rules take no specifier` };
    if (name.length <= 5) return { ok: false, message: `"${text}" names no MCP server` };
    return { ok: true, rule: { ...base, tool: 'mcp', matcher: { type: 'mcp', name } }, warning: null };
  }
  if (!Object.hasOwn(TOOLS, name)) return { ok: false, message: `"${text}": unknown tool "${name}"` };
  const tool = TOOLS[name] as RuleTool;
  if (spec === undefined) return { ok: true, rule: { ...base, tool, matcher: { type: 'any' } }, warning: null };
  const problem = spec.trim() === '' ? 'empty specifier' : null;
  const matcher = problem ?? specMatcher(tool, spec);
  if (typeof matcher !== 'string') return { ok: true, rule: { ...base, tool, matcher }, warning: null };
  if (kind === 'allow') return { ok: false, message: `"${text}": ${matcher}; the allow rule is ignored` };
  return {
    ok: true,
    rule: { ...base, tool, matcher: { type: 'any' } },
    warning: `"${text}": ${matcher}; the ${kind} rule applies to every ${name} call`,
  };
}
