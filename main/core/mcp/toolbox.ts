import { z } from 'zod';
import type { Result } from '../../../shared/result';
import type { ToolSpec } from '../model/types';
import type { PreparedCall } from '../policy/prepare';
import { parseToolCall, type ToolLookup } from '../tools/registry';
import type { ToolDefinition } from '../tools/types';
import type { SessionServer } from './manager';
import type { McpToolInfo } from './server-instance';
import { MAX_TOOL_NAME, modelToolName } from './tool-names';
import { sanitiseInputSchema } from './tool-schema';

/** The tools a turn offers the model, as the engine's tool steps read them (structurally the engine's ToolBox). */
export interface TurnTools {
  readonly specs: ToolSpec[];
  parse(name: string, argumentsJson: string): Result<{ tool: ToolDefinition; input: unknown }>;
  prepare(tool: ToolDefinition, input: unknown, workspace: string): Promise<PreparedCall>;
}

/** OpenAI takes at most 128 tools in one request; MCP tools beyond that (after the built-in ones) are left out. */
export const MAX_TOOLS = 128;
const MAX_DESCRIPTION = 2048;
/** The server checks the arguments against its own schema; here they only need to be a JSON object. */
const ANY_OBJECT = z.record(z.string(), z.unknown());

interface Offered {
  def: ToolDefinition;
  spec: ToolSpec;
}

function describe(info: McpToolInfo, server: string): string {
  const text = info.description.trim() || `Tool ${info.name} of the MCP server ${server}.`;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}

function offer(s: SessionServer, info: McpToolInfo, modelName: `mcp__${string}`): Offered {
  const server = s.server.entry.name;
  const def: ToolDefinition = {
    name: modelName,
    description: describe(info, server),
    inputSchema: ANY_OBJECT,
    hints: info.hints,
    effects: () => [{ kind: 'mcp', server, tool: info.name }],
    run: (input, ctx) => s.instance.call(info.name, input as Record<string, unknown>, ctx.signal, ctx.sessionId),
  };
  return { def, spec: { type: 'function', function: { name: modelName, description: def.description, parameters: sanitiseInputSchema(info.inputSchema) } } };
}

/**
 * A turn's tools: the engine's own and those of the session's MCP servers, read live so that a server's
 * `tools/list_changed` (or a restart with other tools) shows at the turn's next step. A tool whose name would
 * pass 64 characters, or clash with another, is left out.
 */
export function turnTools(base: TurnTools, servers: readonly SessionServer[]): TurnTools {
  const cache = new Map<McpToolInfo[], Offered[]>();
  const offeredOf = (s: SessionServer): Offered[] => {
    const tools = s.instance.tools;
    let hit = cache.get(tools);
    if (!hit) {
      hit = tools.flatMap((info) => {
        const name = modelToolName(s.server.entry.name, info.name) as `mcp__${string}`;
        return name.length > MAX_TOOL_NAME ? [] : [offer(s, info, name)];
      });
      cache.set(tools, hit);
    }
    return hit;
  };
  const build = (): Map<string, Offered> => {
    const out = new Map<string, Offered>();
    const room = MAX_TOOLS - base.specs.length;
    for (const s of servers) {
      for (const o of offeredOf(s)) {
        if (out.size >= room) return out;
        if (!out.has(o.def.name)) out.set(o.def.name, o);
      }
    }
    return out;
  };
  // Built again only when a server's tool list is another array (listed anew); otherwise every step gets the same
  // tools and the same specs array, which the token counter recognises instead of counting the definitions again.
  let seen: McpToolInfo[][] = [];
  let memo: { offered: Map<string, Offered>; specs: ToolSpec[] } | null = null;
  const current = (): { offered: Map<string, Offered>; specs: ToolSpec[] } => {
    const lists = servers.map((s) => s.instance.tools);
    if (memo && lists.length === seen.length && lists.every((l, i) => l === seen[i])) return memo;
    const offered = build();
    seen = lists;
    memo = { offered, specs: offered.size === 0 ? base.specs : [...base.specs, ...[...offered.values()].map((o) => o.spec)] };
    return memo;
  };
  const lookup: ToolLookup = {
    find: (name) => current().offered.get(name)?.def,
    names: () => [...current().offered.keys()],
  };
  return {
    get specs() {
      return current().specs;
    },
    parse: (name, argumentsJson) => parseToolCall(name, argumentsJson, lookup),
    prepare: (tool, input, workspace) => base.prepare(tool, input, workspace),
  };
}
