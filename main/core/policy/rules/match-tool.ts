import picomatch from 'picomatch';

/** `mcp__server` covers every tool of that server; `mcp__server__get_*` globs tool names. */
export function matchMcp(ruleName: string, tool: string): boolean {
  if (!ruleName.includes('*')) return tool === ruleName || (ruleName.split('__').length === 2 && tool.startsWith(`${ruleName}__`));
  return picomatch.isMatch(tool, ruleName, { dot: true, nonegate: true, noextglob: true, nobrace: true });
}
