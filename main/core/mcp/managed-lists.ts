import { english, msg, type Msg } from '../../../shared/i18n/message';
import { readFileSync } from 'node:fs';
import type { McpConfigProblem } from './config-types';

/**
 * What managed settings allow of MCP servers. `allowedMcpServers` (absent: no limit; `[]`: no server at all) and
 * `deniedMcpServers` name servers; the deny list wins. Nothing in user or project files can widen them: only the
 * managed settings file is read for these keys. A managed file that cannot be read as JSON allows no server.
 */
export interface ManagedMcpLists {
  allowed: ReadonlySet<string> | null;
  denied: ReadonlySet<string>;
  /** True when the managed file is broken: every server is refused. */
  closed: boolean;
  problems: McpConfigProblem[];
}

const OPEN: ManagedMcpLists = { allowed: null, denied: new Set(), closed: false, problems: [] };

/** An entry is a server name, or `{"serverName": NAME}` as Claude Code writes it. */
function namesOf(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  const out: string[] = [];
  for (const item of v) {
    if (typeof item === 'string' && item !== '') out.push(item);
    else if (typeof item === 'object' && item !== null && typeof (item as { serverName?: unknown }).serverName === 'string') {
      out.push((item as { serverName: string }).serverName);
    } else return null;
  }
  return out;
}

/** A problem of the managed file, its sentence (which names the file) as data. */
const problem = (file: string, m: Msg): McpConfigProblem => ({ file, server: null, message: english(m), msg: m });

export function readManagedMcpLists(file: string): ManagedMcpLists {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return OPEN;
    return { allowed: new Set(), denied: new Set(), closed: true, problems: [problem(file, msg('notices.mcp.managedUnreadable', { file }))] };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { allowed: new Set(), denied: new Set(), closed: true, problems: [problem(file, msg('notices.mcp.managedInvalid', { file }))] };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { allowed: new Set(), denied: new Set(), closed: true, problems: [problem(file, msg('notices.mcp.managedNotObject', { file }))] };
  }
  const d = doc as Record<string, unknown>;
  const problems: McpConfigProblem[] = [];
  let allowed: Set<string> | null = null;
  if (d.allowedMcpServers !== undefined) {
    const names = namesOf(d.allowedMcpServers);
    if (names === null) problems.push(problem(file, msg('notices.mcp.managedList', { file, list: 'allowedMcpServers' })));
    allowed = new Set(names ?? []);
  }
  let closed = false;
  let denied = new Set<string>();
  if (d.deniedMcpServers !== undefined) {
    const names = namesOf(d.deniedMcpServers);
    if (names === null) {
      problems.push(problem(file, msg('notices.mcp.managedList', { file, list: 'deniedMcpServers' })));
      closed = true;
    } else denied = new Set(names);
  }
  return { allowed, denied, closed, problems };
}

/** Why managed settings refuse the server, or null when they let it run. */
export function managedRefusal(lists: ManagedMcpLists, name: string): Msg | null {
  if (lists.closed) return msg('notices.mcp.managedClosed');
  if (lists.denied.has(name)) return msg('notices.mcp.deniedByManaged', { name });
  if (lists.allowed !== null && !lists.allowed.has(name)) return msg('notices.mcp.notAllowed', { name });
  return null;
}
