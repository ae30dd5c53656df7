import type { ReasonTemplate } from './reason-template';

/** An absolute path (POSIX or Windows): a sentence that starts with one is about that path. */
const ABSOLUTE = String.raw`(?:/|[A-Za-z]:[\\/])`;

/**
 * The engine's errors outside the policy and the conflict engine, as the panel and the CLI show them: config.json
 * fields (main/core/config), requests on sessions, the change journal, budgets and hooks, a request's context
 * that cannot fit, MCP servers and the messenger gateway.
 * What git, the system or a server said inside them stays as it was written.
 */
export const ENGINE_TEMPLATES: readonly ReasonTemplate[] = [
  // What is wrong in config.json (main/core/config/resolve.ts) and in what the setup view saves.
  {
    pattern: /^(.+): (maxOutputTokens|providers\[\d+\]\.maxOutputTokens): (\d+) leaves no room for the conversation in providers\[(\d+)\]\.contextWindow \((\d+)\); set providers\[\4\]\.maxOutputTokens below the window$/s,
    key: 'engineErrors.config.noAnswerRoom',
    vars: ['file', 'setting', 'reserve', 'index', 'window'],
  },
  { pattern: /^environment: OPENAI_BASE_URL: Invalid URL \("(.*)"\); expected http:\/\/… or https:\/\/…$/s, key: 'engineErrors.config.envBaseUrl', vars: ['url'] },
  { pattern: /^(.+): providers\[(\d+)\]\.baseURL: must start with http:\/\/ or https:\/\/ \(got "(.*)"\)$/s, key: 'engineErrors.config.badScheme', vars: ['file', 'index', 'url'] },
  {
    pattern:
      /^(.+): no model provider configured\. Add one under "providers" in that file, or set PARAGENTS_MODEL \(plus OPENAI_BASE_URL for a non-OpenAI endpoint and OPENAI_API_KEY if it needs a key\)\.$/s,
    key: 'engineErrors.config.noProviderConfigured',
    vars: ['file'],
  },
  { pattern: /^(.+): defaultProvider: no provider named "(.*)" \(have: (.*)\)$/s, key: 'engineErrors.config.noDefaultProvider', vars: ['file', 'name', 'names'] },
  { pattern: /^(.+): fallback\[(\d+)\]: no provider named "(.*)" \(have: (.*)\)$/s, key: 'engineErrors.config.noFallbackProvider', vars: ['file', 'index', 'name', 'names'] },
  { pattern: /^(.+): not valid JSON \((.+)\); fix or remove it before saving from the setup view$/s, key: 'engineErrors.config.setupInvalidJson', vars: ['file', 'error'] },
  { pattern: /^(.+): ([^\s:]*): (.+); fix it before saving from the setup view$/s, key: 'engineErrors.config.setupInvalidField', vars: ['file', 'field', 'problem'] },
  { pattern: /^file is empty \(expected a JSON object\)$/, key: 'engineErrors.config.emptyFile', vars: [] },
  // The data folder (main/core/engine/home-lock.ts, read-only.ts, main/core/store/db.ts).
  {
    pattern: /^another Paragents process \(pid (\d+)\) is using the data folder (.+); close it, or set PARAGENTS_HOME to another folder$/s,
    key: 'engineErrors.home.locked',
    vars: ['pid', 'home'],
  },
  { pattern: /^cannot take the lock (.+)$/s, key: 'engineErrors.home.cannotLock', vars: ['file'] },
  { pattern: new RegExp(`^cannot create (${ABSOLUTE}.*?): (.+)$`, 's'), key: 'engineErrors.home.cannotCreate', vars: ['file', 'error'] },
  {
    pattern: /^(\S+) needs the data folder; (.+) is only read here because no Paragents engine holds it \(a command that writes opens it itself\)$/s,
    key: 'engineErrors.home.readOnly',
    vars: ['request', 'home'],
  },
  { pattern: /^database schema version (\d+) is newer than this Paragents understands \((\d+)\); upgrade Paragents$/, key: 'engineErrors.home.schemaNewer', vars: ['version', 'latest'] },
  { pattern: new RegExp(`^cannot read (${ABSOLUTE}.*?): (.+)$`, 's'), key: 'engineErrors.home.cannotRead', vars: ['file', 'error'] },
  // Requests on sessions, approvals, the change journal, hooks and MCP servers.
  { pattern: /^session of approval (\S+) not found$/, key: 'engineErrors.request.approvalSessionGone', vars: ['ref'] },
  {
    pattern: /^"always allow" is not offered for approval (\S+) \(part of the call is denied or has no stable rule\)$/,
    key: 'engineErrors.request.alwaysNotOffered',
    vars: ['ref'],
  },
  { pattern: /^session (.+) has no writes to (.+) left to revert in the change journal$/s, key: 'engineErrors.request.nothingToRevert', vars: ['session', 'path'] },
  { pattern: /^journal\.list: the path "(.*)" is relative; give an absolute path or a session$/s, key: 'engineErrors.request.journalRelative', vars: ['path'] },
  { pattern: /^policy\.check needs a session or a workspace$/, key: 'engineErrors.request.policyCheckNeeds', vars: [] },
  { pattern: /^workspace trust is not available in this engine$/, key: 'engineErrors.request.trustUnavailable', vars: [] },
  { pattern: new RegExp(`^(${ABSOLUTE}.*) is not a folder$`, 's'), key: 'engineErrors.request.notAFolder', vars: ['path'] },
  { pattern: new RegExp(`^(${ABSOLUTE}.*) does not exist$`, 's'), key: 'engineErrors.request.doesNotExist', vars: ['path'] },
  // Budgets (main/core/cost/handlers.ts).
  { pattern: /^prompt (\S+) is not paused at a budget \((\S+)\)$/, key: 'engineErrors.budget.notPaused', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^the new limit must be above what is used: (.+)$/s, key: 'engineErrors.budget.limitNotAbove', vars: ['stop'], nested: ['stop'] },
  { pattern: /^a token budget is a whole number of tokens$/, key: 'engineErrors.budget.wholeTokens', vars: [] },
  // A request's messages that cannot fit the model's window (main/core/context/compaction-plan.ts).
  {
    pattern: /^the system prompt alone takes (\d+) tokens; the model's window leaves (\d+) for a request's messages$/,
    key: 'engineErrors.context.systemTooLarge',
    vars: ['tokens', 'usable'],
  },
  {
    pattern: /^(.+) is (\d+) tokens: with the system prompt \((\d+) tokens\) it cannot fit the (\d+) tokens the model's window leaves for a request's messages$/s,
    key: 'engineErrors.context.messageTooLarge',
    vars: ['what', 'tokens', 'fixed', 'usable'],
    nested: ['what'],
  },
  { pattern: /^the prompt \(message (\d+)\)$/, key: 'engineErrors.context.prompt', vars: ['id'] },
  { pattern: /^the prompt (\S+) \(message (\d+)\)$/, key: 'engineErrors.context.promptRef', vars: ['ref', 'id'] },
  { pattern: /^the output of a tool \(message (\d+)\)$/, key: 'engineErrors.context.outputOfATool', vars: ['id'] },
  { pattern: /^the output of (\S+) \(message (\d+)\)$/, key: 'engineErrors.context.output', vars: ['tool', 'id'] },
  { pattern: /^an assistant message calling (\S+) \(message (\d+) of prompt (\S+)\)$/, key: 'engineErrors.context.callingOfPrompt', vars: ['tool', 'id', 'ref'] },
  { pattern: /^an assistant message calling (\S+) \(message (\d+)\)$/, key: 'engineErrors.context.calling', vars: ['tool', 'id'] },
  { pattern: /^an assistant message \(message (\d+) of prompt (\S+)\)$/, key: 'engineErrors.context.assistantOfPrompt', vars: ['id', 'ref'] },
  { pattern: /^an assistant message \(message (\d+)\)$/, key: 'engineErrors.context.assistant', vars: ['id'] },
  { pattern: /^the last message$/, key: 'engineErrors.context.lastMessage', vars: [] },
  { pattern: /^the model answered the summary request with no text$/, key: 'engineErrors.context.emptySummary', vars: [] },
  { pattern: /^the model's window leaves no room for the history to summarise$/, key: 'engineErrors.context.noRoomToSummarise', vars: [] },
  // Why a model request failed (main/core/model/client.ts, failure.ts, attempt.ts): the provider's own words stay.
  { pattern: /^model request cancelled$/, key: 'engineErrors.model.cancelled', vars: [] },
  { pattern: /^model request failed: no provider is configured$/, key: 'engineErrors.model.noProvider', vars: [] },
  { pattern: /^model request failed: (.+)$/s, key: 'engineErrors.model.failed', vars: ['failures'], nested: ['failures'] },
  { pattern: /^provider "([^"]+)" \((\S+)\): (.+?); then (provider ".+)$/s, key: 'engineErrors.model.providerThen', vars: ['name', 'url', 'why', 'rest'], nested: ['why', 'rest'] },
  { pattern: /^provider "([^"]+)" \((\S+)\): (.+)$/s, key: 'engineErrors.model.provider', vars: ['name', 'url', 'why'], nested: ['why'] },
  { pattern: /^(.+) \(after (\d+) attempts\)$/s, key: 'engineErrors.model.afterAttempts', vars: ['why', 'attempts'], nested: ['why'] },
  {
    pattern: /^the request is larger than the model's context window \(window (\d+) tokens, requested (\d+)\) \((.*)\)$/s,
    key: 'engineErrors.model.tooLargeRequested',
    vars: ['window', 'requested', 'detail'],
  },
  { pattern: /^the request is larger than the model's context window \(window (\d+) tokens\) \((.*)\)$/s, key: 'engineErrors.model.tooLargeWindow', vars: ['window', 'detail'] },
  { pattern: /^the request is larger than the model's context window \((.*)\)$/s, key: 'engineErrors.model.tooLarge', vars: ['detail'] },
  { pattern: /^the API key was rejected \(401: (.*)\); check the key$/s, key: 'engineErrors.model.keyRejected', vars: ['detail'] },
  { pattern: /^the API key was rejected \(401: (.*)\); no key is set; add apiKey or apiKeyEnv to the provider$/s, key: 'engineErrors.model.keyMissing', vars: ['detail'] },
  { pattern: /^the API key was rejected \(401: (.*)\); no key is set; set (\S+)$/s, key: 'engineErrors.model.keyMissingEnv', vars: ['detail', 'env'] },
  { pattern: /^request rejected \((\d+): (.*)\)$/s, key: 'engineErrors.model.rejected', vars: ['status', 'detail'] },
  { pattern: /^rate limited \(429: (.*)\)$/s, key: 'engineErrors.model.rateLimited', vars: ['detail'] },
  { pattern: /^HTTP (\d+): (.*)$/s, key: 'engineErrors.model.http', vars: ['status', 'detail'] },
  { pattern: /^server error \((\d+): (.*)\)$/s, key: 'engineErrors.model.serverError', vars: ['status', 'detail'] },
  { pattern: /^not found \(404: (.*)\); check the base URL and model name$/s, key: 'engineErrors.model.notFound', vars: ['detail'] },
  { pattern: /^the request was cancelled$/, key: 'engineErrors.model.requestCancelled', vars: [] },
  { pattern: /^no response for (\d+) s \(timed out\)$/, key: 'engineErrors.model.timedOut', vars: ['seconds'] },
  { pattern: /^the server sent data that is not an OpenAI-compatible stream \((.*)\)$/s, key: 'engineErrors.model.notOpenAiStream', vars: ['detail'] },
  { pattern: /^the server sent a chunk that is not an object \((.*)\)$/s, key: 'engineErrors.model.chunkNotObject', vars: ['chunk'] },
  { pattern: /^the server answered without any stream data \(is this an OpenAI-compatible endpoint\?\)$/, key: 'engineErrors.model.noStreamData', vars: [] },
  { pattern: /^the stream ended before the answer was complete$/, key: 'engineErrors.model.streamEnded', vars: [] },
  { pattern: /^connection failed \((.*)\)$/s, key: 'engineErrors.model.connectionFailed', vars: ['detail'] },
  { pattern: /^the server reported an error mid-stream \((.*)\)$/s, key: 'engineErrors.model.midStreamError', vars: ['detail'] },
  { pattern: /^connection lost mid-stream \((.*)\)$/s, key: 'engineErrors.model.connectionLost', vars: ['detail'] },
  { pattern: /^unexpected failure reading the answer \((.*)\)$/s, key: 'engineErrors.model.unexpected', vars: ['detail'] },
  // Why an endpoint is not there (failure.ts UNREACHABLE): one phrase each.
  { pattern: /^connection refused$/, key: 'engineErrors.model.unreachable.refused', vars: [] },
  { pattern: /^host not found$/, key: 'engineErrors.model.unreachable.hostNotFound', vars: [] },
  { pattern: /^host name lookup failed$/, key: 'engineErrors.model.unreachable.lookupFailed', vars: [] },
  { pattern: /^host unreachable$/, key: 'engineErrors.model.unreachable.hostUnreachable', vars: [] },
  { pattern: /^network unreachable$/, key: 'engineErrors.model.unreachable.networkUnreachable', vars: [] },
  { pattern: /^TLS certificate has expired$/, key: 'engineErrors.model.unreachable.certExpired', vars: [] },
  { pattern: /^TLS certificate is self-signed$/, key: 'engineErrors.model.unreachable.selfSigned', vars: [] },
  { pattern: /^TLS certificate chain is self-signed$/, key: 'engineErrors.model.unreachable.chainSelfSigned', vars: [] },
  { pattern: /^TLS certificate cannot be verified$/, key: 'engineErrors.model.unreachable.unverified', vars: [] },
  { pattern: /^TLS certificate does not match the host$/, key: 'engineErrors.model.unreachable.hostMismatch', vars: [] },
  // The next provider taking over (main/core/model/client.ts).
  { pattern: /^falling back after: (.+)$/s, key: 'engineErrors.model.fallingBack', vars: ['error'], nested: ['error'] },
  // MCP servers (main/core/mcp/connect.ts, server-instance.ts, stdio-transport.ts).
  { pattern: /^Streamable HTTP failed \((.*)\), and so did SSE \((.*)\)$/s, key: 'engineErrors.mcp.bothFailed', vars: ['http', 'sse'] },
  { pattern: /^the MCP server "(.+)" is stopped because Paragents is shutting down$/, key: 'engineErrors.mcp.shuttingDown', vars: ['name'] },
  { pattern: /^the MCP server "(.+?)" could not start: (.+)$/s, key: 'engineErrors.mcp.couldNotStart', vars: ['name', 'error'], nested: ['error'] },
  { pattern: /^the MCP server process is not running$/, key: 'engineErrors.mcp.notRunning', vars: [] },
  // The local endpoint the CLI and the desktop app reach the engine through (main/local).
  { pattern: /^the Paragents engine at (.+) closed the connection$/s, key: 'engineErrors.endpoint.closedAt', vars: ['path'] },
  { pattern: /^the Paragents engine \(pid (\d+)\) closed the connection$/, key: 'engineErrors.endpoint.closedPid', vars: ['pid'] },
  { pattern: /^the connection to the Paragents engine at (.+) was closed by this process$/s, key: 'engineErrors.endpoint.closedHereAt', vars: ['path'] },
  { pattern: /^the connection to the Paragents engine \(pid (\d+)\) was closed by this process$/, key: 'engineErrors.endpoint.closedHerePid', vars: ['pid'] },
  { pattern: /^cannot connect to the Paragents engine at (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotConnect', vars: ['path', 'error'] },
  { pattern: /^(\S+): the engine's reply was not a result$/, key: 'engineErrors.endpoint.notAResult', vars: ['request'] },
  { pattern: /^(\S+): the input cannot be sent: (.+)$/s, key: 'engineErrors.endpoint.cannotSend', vars: ['request', 'error'] },
  { pattern: /^the reply could not be encoded: (.+)$/s, key: 'engineErrors.endpoint.cannotEncode', vars: ['error'] },
  { pattern: /^the endpoint folder (.+) is not a folder, so Paragents will not use it$/s, key: 'engineErrors.endpoint.folderNotFolder', vars: ['path'] },
  { pattern: /^the endpoint (.+) is not a socket, so Paragents will not use it$/s, key: 'engineErrors.endpoint.notSocket', vars: ['path'] },
  { pattern: /^the endpoint folder (.+) has mode (\d+) instead of 0700, so Paragents will not use it$/s, key: 'engineErrors.endpoint.folderMode', vars: ['path', 'mode'] },
  { pattern: /^the endpoint folder (.+) belongs to another user \(uid (\d+)\), so Paragents will not use it$/s, key: 'engineErrors.endpoint.folderOtherUser', vars: ['path', 'uid'] },
  { pattern: /^the endpoint socket (.+) belongs to another user \(uid (\d+)\), so Paragents will not use it$/s, key: 'engineErrors.endpoint.socketOtherUser', vars: ['path', 'uid'] },
  {
    pattern: /^the endpoint folder (.+) has mode (\d+), wider than (\d+), so Paragents will not use it$/s,
    key: 'engineErrors.endpoint.folderModeWider',
    vars: ['path', 'mode', 'allowed'],
  },
  {
    pattern: /^the endpoint socket (.+) has mode (\d+), wider than (\d+), so Paragents will not use it$/s,
    key: 'engineErrors.endpoint.socketModeWider',
    vars: ['path', 'mode', 'allowed'],
  },
  {
    pattern: /^the data folder's endpoint (.+) and its fallback (.+) are both longer than a socket path may be \((\d+) bytes\); set XDG_RUNTIME_DIR or TMPDIR to a shorter folder$/s,
    key: 'engineErrors.endpoint.tooLong',
    vars: ['path', 'fallback', 'max'],
  },
  { pattern: /^the endpoint record (.+) belongs to another user \(uid (\d+)\), so Paragents will not use it$/s, key: 'engineErrors.endpoint.recordOtherUser', vars: ['path', 'uid'] },
  {
    pattern: /^the endpoint record (.+) has mode (\d+), wider than (\d+), so Paragents will not use it$/s,
    key: 'engineErrors.endpoint.recordModeWider',
    vars: ['path', 'mode', 'allowed'],
  },
  { pattern: /^the endpoint record (.+) is not a file, so Paragents will not use it$/s, key: 'engineErrors.endpoint.recordNotFile', vars: ['path'] },
  { pattern: /^the endpoint record (.+) does not name a folder, so Paragents will not use it$/s, key: 'engineErrors.endpoint.recordNoFolder', vars: ['path'] },
  { pattern: /^cannot read the endpoint record (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotReadRecord', vars: ['path', 'error'] },
  { pattern: /^cannot record the endpoint folder in (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotWriteRecord', vars: ['path', 'error'] },
  { pattern: /^cannot make a folder for the endpoint in (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotMakeFolder', vars: ['path', 'error'] },
  { pattern: /^cannot create the endpoint folder (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotCreateFolder', vars: ['path', 'error'] },
  { pattern: /^cannot check the endpoint folder (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotCheckFolder', vars: ['path', 'error'] },
  { pattern: /^cannot inspect the endpoint (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotInspect', vars: ['path', 'error'] },
  { pattern: /^cannot restrict the endpoint socket (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotRestrict', vars: ['path', 'error'] },
  { pattern: /^cannot remove the stale endpoint (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotRemoveStale', vars: ['path', 'error'] },
  { pattern: /^cannot listen on the endpoint (.+?): (.+)$/s, key: 'engineErrors.endpoint.cannotListen', vars: ['path', 'error'] },
  // The messenger gateway (main/core/engine/gateway-requests.ts, main/gateway/host.ts).
  {
    pattern: /^no messenger gateway runs in this engine: the desktop app and `paragents serve` run the Telegram gateway$/,
    key: 'engineErrors.gateway.none',
    vars: [],
  },
  { pattern: /^no paired Telegram chat (\S+)$/, key: 'engineErrors.gateway.noChat', vars: ['chat'] },
  { pattern: /^gateway\.setToken: token: expected a bot token from BotFather, such as 123456789:AA…$/, key: 'engineErrors.gateway.badToken', vars: [] },
  { pattern: /^the gateways already run on an engine: one gateway per engine$/, key: 'engineErrors.gateway.alreadyRunning', vars: [] },
  // What is wrong in a hooks setting (main/core/hooks/config-parse.ts): the setting as it is, its problem translated.
  { pattern: /^(allowManagedHooksOnly|hooks(?:\.\S+)?): (.+)$/s, key: 'engineErrors.hooks.fieldProblem', vars: ['field', 'problem'], nested: ['problem'] },
  { pattern: /^must be true or false$/, key: 'engineErrors.hooks.boolean', vars: [] },
  { pattern: /^only managed settings can set this$/, key: 'engineErrors.hooks.managedOnly', vars: [] },
  { pattern: /^must be an object whose keys are hook events, such as \{"PreToolUse": \[\.\.\.\]\}$/, key: 'engineErrors.hooks.notEvents', vars: [] },
  { pattern: /^Paragents does not run this hook event \(it runs (.+)\)$/, key: 'engineErrors.hooks.unknownEvent', vars: ['events'] },
  { pattern: /^must be an array of \{"matcher": …, "hooks": \[\.\.\.\]\} entries$/, key: 'engineErrors.hooks.notGroups', vars: [] },
  { pattern: /^must be an object with "hooks" \(and an optional "matcher"\)$/, key: 'engineErrors.hooks.notGroup', vars: [] },
  { pattern: /^must be a string \(a regular expression on tool names\)$/, key: 'engineErrors.hooks.matcherNotString', vars: [] },
  { pattern: /^"(.*)" is not a valid regular expression \((.+)\)$/s, key: 'engineErrors.hooks.badMatcher', vars: ['matcher', 'error'] },
  { pattern: /^must be an array of \{"type": "command", "command": …\} entries$/, key: 'engineErrors.hooks.notEntries', vars: [] },
  { pattern: /^must be an object such as \{"type": "command", "command": "\.\/check\.sh"\}$/, key: 'engineErrors.hooks.notEntry', vars: [] },
  { pattern: /^only "command" hooks are supported$/, key: 'engineErrors.hooks.onlyCommand', vars: [] },
  { pattern: /^must be a non-empty shell command$/, key: 'engineErrors.hooks.emptyCommand', vars: [] },
  { pattern: /^must be a number of seconds above 0 and at most (\d+)$/, key: 'engineErrors.hooks.timeout', vars: ['max'] },
];

/**
 * A problem of a named file whose path has spaces (config.json, mcp.json and settings.json live in
 * ~/Library/Application Support/Paragents on macOS): the file as it is, what is wrong with it translated. Tried
 * after every other template, since the sentences that start with a file and say more match first.
 */
export const FILE_PROBLEM_TEMPLATES: readonly ReasonTemplate[] = [
  { pattern: /^(.+?\.json): (.+)$/s, key: 'notices.mcpConfig.inFile', vars: ['file', 'message'], nested: ['message'] },
];
