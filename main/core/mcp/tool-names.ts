/** Providers take function names of letters, digits, `_` and `-`, at most 64 characters (OpenAI, Anthropic, Gemini). */
export const MAX_TOOL_NAME = 64;
const PREFIX = 'mcp__';

/** The name the model and the rules use for a server's tool: `mcp__<server>__<tool>`, other characters as `_`. */
export function modelToolName(server: string, tool: string): string {
  return `${PREFIX}${server}__${tool.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
