import { describe, expect, it } from 'vitest';
import { turnTools, type TurnTools } from '../../main/core/mcp';
import type { SessionServer } from '../../main/core/mcp/manager';
import type { McpToolInfo } from '../../main/core/mcp/server-instance';
import { parseToolCall, toolSpecs } from '../../main/core/tools';

const base: TurnTools = {
  specs: toolSpecs(),
  parse: (name, args) => parseToolCall(name, args),
  prepare: () => Promise.reject(new Error('not used')),
};

function tool(name: string): McpToolInfo {
  return { name, description: `the ${name} tool`, inputSchema: { type: 'object', properties: {} }, hints: {} } as McpToolInfo;
}

/** A session's server as turnTools reads it: a name and the tools it last listed. */
function server(name: string, tools: McpToolInfo[]): { s: SessionServer; relist(next: McpToolInfo[]): void } {
  const instance = { tools };
  const s = { server: { entry: { name } }, instance } as unknown as SessionServer;
  return { s, relist: (next) => (instance.tools = next) };
}

describe('turnTools specs', () => {
  it('are the engine’s own array when no server offers tools', () => {
    expect(turnTools(base, []).specs).toBe(base.specs);
  });

  it('stay the same array from step to step until a server lists its tools again', () => {
    const docs = server('docs', [tool('search')]);
    const turn = turnTools(base, [docs.s]);
    const first = turn.specs;
    expect(turn.specs).toBe(first);
    expect(first.map((s) => s.function.name)).toContain('mcp__docs__search');

    docs.relist([tool('search'), tool('fetch')]);
    const second = turn.specs;
    expect(second).not.toBe(first);
    expect(second.map((s) => s.function.name)).toEqual([...base.specs.map((s) => s.function.name), 'mcp__docs__search', 'mcp__docs__fetch']);
    expect(turn.parse('mcp__docs__fetch', '{}').ok).toBe(true);
  });
});
