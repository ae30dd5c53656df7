import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { McpConfigFile, McpConfigProblem, McpScope, McpServerEntry, McpTransportConfig } from './config-types';

/**
 * Server names become part of tool names (`mcp__<server>__<tool>`), which providers limit to letters, digits,
 * `_` and `-`; `__` inside a name, or `_` at either end, would make the split between server and tool ambiguous.
 */
const SERVER_NAME = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;
const MAX_SERVER_NAME = 40;

const STDIO_KEYS = new Set(['type', 'command', 'args', 'env', 'cwd', 'timeout', 'startupTimeout', 'idleTimeout', 'sandbox']);
const HTTP_KEYS = new Set(['type', 'url', 'headers', 'timeout', 'startupTimeout', 'idleTimeout']);
const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "line L column C" for a JSON.parse error message that carries a character position. */
function jsonPosition(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m) return message;
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line} column ${column}: ${message.replace(/\s*\(line \d+ column \d+\)/, '')}`;
}

/** A check's failure is its sentence as data (the file is named around it). */
type Check<T> = { ok: true; value: T } | { ok: false; message: Msg };

function stringMap(v: unknown, field: string): Check<Record<string, string>> {
  if (v === undefined) return { ok: true, value: {} };
  if (!isPlainObject(v)) return { ok: false, message: msg('notices.mcpConfig.mustBeStringMap', { field }) };
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (DANGEROUS_KEYS.has(k)) return { ok: false, message: msg('notices.mcpConfig.keyNotAllowed', { field: `${field}.${k}` }) };
    if (typeof val !== 'string') return { ok: false, message: msg('notices.mcpConfig.mustBeString', { field: `${field}.${k}` }) };
    out[k] = val;
  }
  return { ok: true, value: out };
}

function millis(v: unknown, field: string): Check<number | null> {
  if (v === undefined) return { ok: true, value: null };
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 86_400_000) {
    return { ok: false, message: msg('notices.mcpConfig.millis', { field }) };
  }
  return { ok: true, value: v };
}

/** `"sandbox"` of a stdio entry: absent or false (not confined), true, or `{ "allowedDomains": [...] }`. */
function sandboxOf(v: unknown, field: string): Check<{ allowedDomains: string[] } | null> {
  if (v === undefined || v === false) return { ok: true, value: null };
  if (v === true) return { ok: true, value: { allowedDomains: [] } };
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const domains = o.allowedDomains ?? [];
    if (keys.every((k) => k === 'allowedDomains') && Array.isArray(domains) && domains.every((d) => typeof d === 'string' && d.trim() !== '')) {
      return { ok: true, value: { allowedDomains: (domains as string[]).map((d) => d.trim().toLowerCase()) } };
    }
  }
  return { ok: false, message: msg('notices.mcpConfig.sandbox', { field }) };
}

function transportOf(entry: Record<string, unknown>, field: string): Check<McpTransportConfig> {
  const type = entry.type;
  if (type !== undefined && type !== 'stdio' && type !== 'http' && type !== 'sse' && type !== 'streamable-http') {
    return { ok: false, message: msg('notices.mcpConfig.transportType', { field: `${field}.type` }) };
  }
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand && hasUrl) return { ok: false, message: msg('notices.mcpConfig.both', { field }) };
  if (type === 'stdio' || (type === undefined && hasCommand)) {
    for (const k of Object.keys(entry)) if (!STDIO_KEYS.has(k)) return { ok: false, message: msg('notices.mcpConfig.unknownStdioKey', { field: `${field}.${k}` }) };
    if (typeof entry.command !== 'string' || entry.command.trim() === '') return { ok: false, message: msg('notices.mcpConfig.nonEmpty', { field: `${field}.command` }) };
    const args = entry.args ?? [];
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return { ok: false, message: msg('notices.mcpConfig.stringArray', { field: `${field}.args` }) };
    const env = stringMap(entry.env, `${field}.env`);
    if (!env.ok) return env;
    if (entry.cwd !== undefined && (typeof entry.cwd !== 'string' || entry.cwd === '')) return { ok: false, message: msg('notices.mcpConfig.folder', { field: `${field}.cwd` }) };
    const sandbox = sandboxOf(entry.sandbox, `${field}.sandbox`);
    if (!sandbox.ok) return sandbox;
    const cwd = (entry.cwd as string | undefined) ?? null;
    return { ok: true, value: { kind: 'stdio', command: entry.command, args: args as string[], env: env.value, cwd, ...(sandbox.value ? { sandbox: sandbox.value } : {}) } };
  }
  if (!hasUrl && type === undefined) return { ok: false, message: msg('notices.mcpConfig.needsCommandOrUrl', { field }) };
  for (const k of Object.keys(entry)) if (!HTTP_KEYS.has(k)) return { ok: false, message: msg('notices.mcpConfig.unknownHttpKey', { field: `${field}.${k}` }) };
  if (typeof entry.url !== 'string' || entry.url.trim() === '') return { ok: false, message: msg('notices.mcpConfig.nonEmpty', { field: `${field}.url` }) };
  const headers = stringMap(entry.headers, `${field}.headers`);
  if (!headers.ok) return headers;
  return { ok: true, value: { kind: type === 'sse' ? 'sse' : 'http', url: entry.url, headers: headers.value } };
}

function entryOf(name: string, v: unknown, file: string, scope: McpScope, workspace: string | null): Check<McpServerEntry> {
  const field = `mcpServers.${name}`;
  if (!SERVER_NAME.test(name) || name.length > MAX_SERVER_NAME) {
    return {
      ok: false,
      message: msg('notices.mcpConfig.badName', { field, max: MAX_SERVER_NAME }),
    };
  }
  if (!isPlainObject(v)) return { ok: false, message: msg('notices.mcpConfig.mustBeObject', { field }) };
  const transport = transportOf(v, field);
  if (!transport.ok) return transport;
  const timeout = millis(v.timeout, `${field}.timeout`);
  if (!timeout.ok) return timeout;
  const startup = millis(v.startupTimeout, `${field}.startupTimeout`);
  if (!startup.ok) return startup;
  const idle = millis(v.idleTimeout, `${field}.idleTimeout`);
  if (!idle.ok) return idle;
  return {
    ok: true,
    value: {
      name, scope, file, workspace, transport: transport.value,
      timeoutMs: timeout.value, startupTimeoutMs: startup.value, idleTimeoutMs: idle.value, raw: v,
    },
  };
}

/** A problem of one mcp.json file: the file as it is, what is wrong with it as data. */
export function configProblem(file: string, server: string | null, what: Msg): McpConfigProblem {
  const m = msg('notices.mcpConfig.inFile', { file, message: what });
  return { file, server, message: english(m), msg: m };
}

/**
 * Reads one mcp.json document in the shape Claude Code, Claude Desktop and Cursor use: `{"mcpServers": {NAME:
 * {command, args, env, cwd} | {url, headers, type}}}`. A bad entry is left out with a problem naming the file and
 * the field; the other entries still load. The user file may also set `mcpIdleMinutes`.
 */
export function parseMcpConfig(text: string, file: string, scope: McpScope, workspace: string | null): McpConfigFile {
  const out: McpConfigFile = { file, exists: true, servers: [], idleMinutes: null, problems: [] };
  const problem = (what: Msg, server: string | null = null): void => {
    out.problems.push(configProblem(file, server, what));
  };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    // Where the parser stopped and what it said stay as written.
    problem(msg('notices.settings.invalidJson', { where: jsonPosition(text, (e as Error).message) }));
    return out;
  }
  if (!isPlainObject(doc)) {
    problem(msg('notices.mcpConfig.notObject'));
    return out;
  }
  for (const key of Object.keys(doc)) {
    if (key === 'mcpServers') continue;
    if (key === 'mcpIdleMinutes' && scope === 'user') {
      const m = doc.mcpIdleMinutes;
      if (typeof m === 'number' && Number.isFinite(m) && m > 0 && m <= 10_080) out.idleMinutes = m;
      else problem(msg('notices.mcpConfig.idleMinutes'));
      continue;
    }
    problem(msg('notices.mcpConfig.unknownKey', { field: key }));
  }
  const servers = doc.mcpServers;
  if (servers === undefined) return out;
  if (!isPlainObject(servers)) {
    problem(msg('notices.mcpConfig.serversNotObject'));
    return out;
  }
  for (const [name, v] of Object.entries(servers)) {
    const entry = entryOf(name, v, file, scope, workspace);
    if (entry.ok) out.servers.push(entry.value);
    else problem(entry.message, name);
  }
  return out;
}
