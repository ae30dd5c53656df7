import { domainToASCII } from 'node:url';
import picomatch from 'picomatch';
import { isMsg, msg, type Msg } from '../../../../shared/i18n/message';
import type { PolicySource } from '../../../../shared/policy';
import { parseBashPattern } from './parse-bash-pattern';
import { parsePathPattern } from './match-path';
import type { Matcher, Rule, RuleKind, RuleTool } from './types';

const TOOLS: Record<string, RuleTool> = {
  Read: 'Read',
  Write: 'Edit',
  Edit: 'Edit',
  MultiEdit: 'Edit',
  apply_patch: 'Edit',
  LS: 'LS',
  Glob: 'Glob',
  Grep: 'Grep',
  Bash: 'Bash',
  WebFetch: 'WebFetch',
  Agent: 'Agent',
};

/**
 * One rule text can stand for several rules: a deny or ask tool-name glob covers each tool family it matches.
 * What is wrong with a rule is a sentence as data, so the file's problems can be read in each client's language.
 */
export type ParsedRule =
  | { ok: true; rules: Rule[]; warning: Msg | null }
  /** `ineffective`: a well-formed allow rule that names nothing it could grant (`*`, `B*`, `mcp__*`). */
  | { ok: false; message: Msg; ineffective?: true };

/** `mcp__server`, `mcp__server__tool`, `mcp__server__get_*`: the server part is written out in full. */
function namesMcpServer(name: string): boolean {
  const server = name.slice('mcp__'.length).split('__')[0] ?? '';
  return server !== '' && !server.includes('*');
}

function ineffective(text: string): ParsedRule {
  return { ok: false, message: msg('notices.settings.ineffectiveGlob', { rule: text }), ineffective: true };
}

/** The built-in rule families a tool-name glob matches (`B*` → Bash, `*` → all), and whether MCP names can match. */
function globFamilies(glob: string): { tools: RuleTool[]; mcp: boolean } {
  const test = picomatch(glob, { dot: true, nonegate: true, noextglob: true, nobrace: true });
  const tools = [...new Set(Object.entries(TOOLS).filter(([name]) => test(name)).map(([, tool]) => tool))];
  const literal = glob.slice(0, glob.indexOf('*'));
  return { tools, mcp: 'mcp__'.startsWith(literal) };
}

/** Normalises a domain the way the URL parser does: IDNA to ASCII, lower case, trailing dot dropped. */
export function normaliseDomain(d: string): string | null {
  const ascii = domainToASCII(d.trim().toLowerCase().replace(/\.$/, ''));
  return ascii === '' ? null : ascii;
}

function specMatcher(tool: RuleTool, spec: string): Matcher | Msg {
  switch (tool) {
    case 'Bash': {
      const tokens = parseBashPattern(spec);
      return Array.isArray(tokens) ? { type: 'bash', tokens } : tokens;
    }
    case 'WebFetch': {
      const m = /^domain:(.+)$/s.exec(spec.trim());
      if (!m) return msg('notices.settings.specWebFetch');
      let host = (m[1] as string).trim();
      const wildcard = host.startsWith('*.');
      if (wildcard) host = host.slice(2);
      if (host.includes('*') || host.includes('/')) return msg('notices.settings.specWildcard');
      const domain = normaliseDomain(host);
      return domain ? { type: 'domain', domain, wildcard } : msg('notices.settings.specDomain', { host });
    }
    case 'mcp':
      return msg('notices.settings.specMcp');
    case 'Agent':
      return msg('notices.settings.specAgent');
    default: {
      const pattern = parsePathPattern(spec);
      return isMsg(pattern) ? pattern : { type: 'path', pattern };
    }
  }
}

/**
 * Parses `Tool` or `Tool(specifier)`. A rule that cannot be read never grants: an allow is dropped, while an
 * unreadable deny or ask falls back to covering the whole tool (fail closed); both are reported.
 */
export function parseRule(text: unknown, kind: RuleKind, source: PolicySource, file: string | null): ParsedRule {
  if (typeof text !== 'string') return { ok: false, message: msg('notices.settings.ruleNotString') };
  const trimmed = text.trim();
  const m = /^([A-Za-z_*][A-Za-z0-9_*-]*)(?:\((.*)\))?$/s.exec(trimmed);
  if (!m) return { ok: false, message: msg('notices.settings.notARule', { rule: text }) };
  const name = m[1] as string;
  const spec = m[2];
  const base = { text: trimmed, kind, source, file };
  if (name.startsWith('mcp__')) {
    if (spec !== undefined) return { ok: false, message: msg('notices.settings.mcpNoSpecifier', { rule: text }) };
    if (name.length <= 5) return { ok: false, message: msg('notices.settings.mcpNoServer', { rule: text }) };
    // An allow must name what it grants; a deny or ask glob only restricts, so it may span servers.
    if (kind === 'allow' && !namesMcpServer(name)) return ineffective(trimmed);
    return { ok: true, rules: [{ ...base, tool: 'mcp', matcher: { type: 'mcp', name } }], warning: null };
  }
  if (name.includes('*')) return parseToolGlob(trimmed, name, spec, kind, base);
  if (!Object.hasOwn(TOOLS, name)) return { ok: false, message: msg('notices.settings.unknownTool', { rule: text, tool: name }) };
  const tool = TOOLS[name] as RuleTool;
  if (spec === undefined) return { ok: true, rules: [{ ...base, tool, matcher: { type: 'any' } }], warning: null };
  const matcher = spec.trim() === '' ? msg('notices.settings.specEmpty') : specMatcher(tool, spec);
  if (!isMsg(matcher)) return { ok: true, rules: [{ ...base, tool, matcher }], warning: null };
  if (kind === 'allow') return { ok: false, message: msg('notices.settings.allowIgnored', { rule: text, problem: matcher }) };
  return {
    ok: true,
    rules: [{ ...base, tool, matcher: { type: 'any' } }],
    warning: msg('notices.settings.appliesToEvery', { rule: text, problem: matcher, kind: msg(`notices.settings.kind.${kind}`), tool: name }),
  };
}

/** `*`, `B*`, `Web*`: never an allow; a deny or ask covers every call of each tool family (and MCP tool) it matches. */
function parseToolGlob(
  text: string,
  name: string,
  spec: string | undefined,
  kind: RuleKind,
  base: Pick<Rule, 'text' | 'kind' | 'source' | 'file'>,
): ParsedRule {
  if (kind === 'allow') return ineffective(text);
  const { tools, mcp } = globFamilies(name);
  const rules: Rule[] = tools.map((tool) => ({ ...base, tool, matcher: { type: 'any' } }));
  if (mcp) rules.push({ ...base, tool: 'mcp', matcher: { type: 'mcp', name } });
  if (rules.length === 0) return { ok: false, message: msg('notices.settings.globMatchesNone', { rule: text, glob: name }) };
  const warning = spec === undefined ? null : msg('notices.settings.globNoSpecifier', { rule: text, kind: msg(`notices.settings.kind.${kind}`) });
  return { ok: true, rules, warning };
}
