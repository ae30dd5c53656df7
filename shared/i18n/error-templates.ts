import type { ReasonTemplate } from './reason-template';

const SOURCE = '(managed|local|project|user|session|mode|builtin|cli)';

/**
 * The engine's own errors as the panel shows them: why a tool call or a turn failed, why a request was refused,
 * why an MCP server does not run, what is wrong in a settings file. What a tool itself answered (its output or
 * its error) matches none of these and stays as written.
 */
export const ERROR_TEMPLATES: readonly ReasonTemplate[] = [
  // Tool calls the engine answered itself (main/core/engine/tool-call).
  {
    pattern: new RegExp(`^blocked by policy: (.+) \\(rule (.+) from ${SOURCE} settings\\)\\. Do not retry this call unchanged\\.$`, 's'),
    key: 'notices.error.blockedByRule',
    vars: ['reason', 'rule', 'source'],
    nested: ['reason'],
    words: { source: 'notices.hook.source' },
  },
  { pattern: /^blocked by policy: (.+)\. Do not retry this call unchanged\.$/s, key: 'notices.error.blocked', vars: ['reason'], nested: ['reason'] },
  { pattern: /^the user denied this call\. Their message: (.*)$/s, key: 'notices.error.deniedSaid', vars: ['message'] },
  { pattern: /^the user denied this call\.$/, key: 'notices.error.denied', vars: [] },
  { pattern: /^cancelled by the user while running\.$/, key: 'notices.error.cancelledRunning', vars: [] },
  {
    pattern: /^this call was interrupted by a restart of Paragents before it finished and was not run again; check its effects before retrying\.$/,
    key: 'notices.error.interrupted',
    vars: [],
  },
  { pattern: /^the tool did not finish$/, key: 'notices.error.unfinished', vars: [] },
  // Turns (main/core/engine/agent-loop.ts, prompt-lifecycle.ts).
  { pattern: /^Max steps exceeded: the turn made (\d+) model calls \(limit (\d+)\)$/, key: 'notices.error.maxSteps', vars: ['steps', 'limit'] },
  { pattern: /^Paragents shut down while this turn was running$/, key: 'notices.error.shutdown', vars: [] },
  { pattern: /^interrupted: Paragents stopped during this turn$/, key: 'notices.error.interruptedTurn', vars: [] },
  // Requests refused (main/core/mcp/handlers.ts).
  {
    pattern: new RegExp(`^refused by policy: (.+) \\(rule (.+) from ${SOURCE} settings\\)\\.$`, 's'),
    key: 'notices.error.refusedByPolicyRule',
    vars: ['reason', 'rule', 'source'],
    nested: ['reason'],
    words: { source: 'notices.hook.source' },
  },
  { pattern: /^refused by policy: (.+)\.$/s, key: 'notices.error.refusedByPolicy', vars: ['reason'], nested: ['reason'] },
  // Why a server's process failed (main/core/mcp/server-instance.ts); what the server or the system said stays.
  { pattern: /^the server exited with code (-?\d+)((?:; its last stderr lines: ).*)?$/s, key: 'notices.mcp.exited', vars: ['code', 'rest'], nested: ['rest'] },
  { pattern: /^the server was stopped by (\S+)((?:; its last stderr lines: ).*)?$/s, key: 'notices.mcp.stoppedBy', vars: ['signal', 'rest'], nested: ['rest'] },
  { pattern: /^the server closed the connection((?:; its last stderr lines: ).*)?$/s, key: 'notices.mcp.closedConnection', vars: ['rest'], nested: ['rest'] },
  { pattern: /^could not start: (.+?)((?:; its last stderr lines: ).*)?$/s, key: 'notices.mcp.couldNotStart', vars: ['error', 'rest'], nested: ['rest'] },
  { pattern: /^could not list its tools: (.+?)((?:; its last stderr lines: ).*)?$/s, key: 'notices.mcp.couldNotList', vars: ['error', 'rest'], nested: ['rest'] },
  { pattern: /^; its last stderr lines: (.*)$/s, key: 'notices.mcp.stderrTail', vars: ['lines'] },
  { pattern: /^(.+): cannot read the managed settings, so no MCP server is allowed$/, key: 'notices.mcp.managedUnreadable', vars: ['file'] },
  { pattern: /^(.+): the managed settings are not valid JSON, so no MCP server is allowed$/, key: 'notices.mcp.managedInvalid', vars: ['file'] },
  { pattern: /^(.+): the managed settings must hold a JSON object, so no MCP server is allowed$/, key: 'notices.mcp.managedNotObject', vars: ['file'] },
  {
    pattern: /^(.+): (allowedMcpServers|deniedMcpServers) must be an array of server names or \{"serverName": NAME\}; no MCP server is allowed until it is fixed$/,
    key: 'notices.mcp.managedList',
    vars: ['file', 'list'],
  },
  // What is wrong in an mcp.json (main/core/mcp/config-parse.ts, config-files.ts, expand-vars.ts).
  // Settings problems (main/core/policy/settings/load.ts, rules/parse-rule.ts).
  { pattern: /^(permissions\.(?:allow|deny|ask)\[\d+\]): (.+)$/s, key: 'notices.settings.fieldProblem', vars: ['field', 'problem'], nested: ['problem'] },
  { pattern: /^"(.+)": key not allowed$/, key: 'notices.settings.keyNotAllowed', vars: ['key'] },
  { pattern: /^permissions\.(\w+): unknown key$/, key: 'notices.settings.unknownKey', vars: ['key'] },
  { pattern: /^permissions\.(\w+): only managed settings can set this$/, key: 'notices.settings.managedOnly', vars: ['key'] },
  { pattern: /^permissions\.(\w+) must be an array of rule strings$/, key: 'notices.settings.notRuleArray', vars: ['kind'] },
  { pattern: /^permissions\.defaultMode: expected one of (.+)$/, key: 'notices.settings.defaultMode', vars: ['modes'] },
  { pattern: /^permissions\.(\w+) must be true or false$/, key: 'notices.settings.notBoolean', vars: ['key'] },
  { pattern: /^permissions\.additionalDirectories must be an array of folder paths$/, key: 'notices.settings.notFolders', vars: [] },
  { pattern: /^the file has errors, so none of its allow rules, modes or folders apply$/, key: 'notices.settings.fileHasErrors', vars: [] },
  { pattern: /^not a regular file$/, key: 'notices.settings.notRegular', vars: [] },
  { pattern: /^cannot read: (.+)$/s, key: 'notices.settings.cannotRead', vars: ['error'] },
  { pattern: /^invalid JSON at (.+)$/s, key: 'notices.settings.invalidJson', vars: ['where'] },
  {
    pattern: /^"(.+)" is ineffective: a tool-name glob in an allow rule grants nothing unless it names an MCP server \(mcp__server or mcp__server__\*\)$/,
    key: 'notices.settings.ineffectiveGlob',
    vars: ['rule'],
  },
  { pattern: /^a rule must be a string$/, key: 'notices.settings.ruleNotString', vars: [] },
  { pattern: /^"(.+)" is not a rule \(expected Tool or Tool\(specifier\)\)$/, key: 'notices.settings.notARule', vars: ['rule'] },
  { pattern: /^"(.+)": MCP rules take no specifier$/, key: 'notices.settings.mcpNoSpecifier', vars: ['rule'] },
  { pattern: /^"(.+)" names no MCP server$/, key: 'notices.settings.mcpNoServer', vars: ['rule'] },
  { pattern: /^"(.+)": unknown tool "(.+)"$/, key: 'notices.settings.unknownTool', vars: ['rule', 'tool'] },
  { pattern: /^"(.+)": the tool-name glob "(.+)" matches no tool$/, key: 'notices.settings.globMatchesNone', vars: ['rule', 'glob'] },
  {
    pattern: /^"(.+)": a tool-name glob takes no specifier; the (deny|ask) rule applies to every call of the tools it matches$/,
    key: 'notices.settings.globNoSpecifier',
    vars: ['rule', 'kind'],
    words: { kind: 'notices.settings.kind' },
  },
  { pattern: /^"(.+)": (.+); the allow rule is ignored$/, key: 'notices.settings.allowIgnored', vars: ['rule', 'problem'], nested: ['problem'] },
  {
    pattern: /^"(.+)": (.+); the (deny|ask) rule applies to every (\S+) call$/,
    key: 'notices.settings.appliesToEvery',
    vars: ['rule', 'problem', 'kind', 'tool'],
    nested: ['problem'],
    words: { kind: 'notices.settings.kind' },
  },
  // What is wrong with a rule's specifier (rules/parse-rule.ts, parse-bash-pattern.ts, match-path.ts).
  { pattern: /^empty specifier$/, key: 'notices.settings.specEmpty', vars: [] },
  { pattern: /^WebFetch rules take domain:HOST$/, key: 'notices.settings.specWebFetch', vars: [] },
  { pattern: /^only a leading "\*\." wildcard is allowed in a domain$/, key: 'notices.settings.specWildcard', vars: [] },
  { pattern: /^"(.+)" is not a valid domain$/, key: 'notices.settings.specDomain', vars: ['host'] },
  { pattern: /^MCP rules take no specifier$/, key: 'notices.settings.specMcp', vars: [] },
  { pattern: /^unterminated quote$/, key: 'notices.settings.specQuote', vars: [] },
  { pattern: /^empty command pattern$/, key: 'notices.settings.specEmptyCommand', vars: [] },
  { pattern: /^NUL byte in path pattern$/, key: 'notices.settings.specNulPath', vars: [] },
  { pattern: /^"\.\." is not allowed in a path pattern$/, key: 'notices.settings.specDotDot', vars: [] },
  { pattern: /^empty path pattern$/, key: 'notices.settings.specEmptyPath', vars: [] },
  { pattern: /^(\S+): unknown key$/, key: 'notices.mcpConfig.unknownKey', vars: ['field'] },
  // A problem of a named file (an mcp.json, a config.json): the file as it is, what is wrong with it translated.
  { pattern: /^(\S+\.json): (.+)$/s, key: 'notices.mcpConfig.inFile', vars: ['file', 'message'], nested: ['message'] },
];
