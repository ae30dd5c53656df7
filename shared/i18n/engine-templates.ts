import type { ReasonTemplate } from './reason-template';

/** An absolute path (POSIX or Windows): a sentence that starts with one is about that path. */
const ABSOLUTE = String.raw`(?:/|[A-Za-z]:[\\/])`;

/**
 * The engine's errors outside the policy and the conflict engine, as the panel and the CLI show them: worktree
 * and merge refusals (main/core/worktree), config.json fields (main/core/config), requests on sessions, the
 * change journal, budgets and hooks, a request's context that cannot fit, MCP servers and the messenger gateway.
 * What git, the system or a server said inside them stays as it was written.
 */
export const ENGINE_TEMPLATES: readonly ReasonTemplate[] = [
  // Isolated sessions: creating, diffing, merging and removing a worktree.
  { pattern: /^session (\S+) is not isolated \(it works directly in (.+)\)$/s, key: 'engineErrors.worktree.notIsolated', vars: ['ref', 'workspace'] },
  { pattern: /^branch (\S+) already exists in (.+); remove or rename it to isolate session (\S+)$/s, key: 'engineErrors.worktree.branchExists', vars: ['branch', 'repo', 'ref'] },
  { pattern: /^worktree folder (.+) already exists; remove it to isolate session (\S+)$/s, key: 'engineErrors.worktree.folderExists', vars: ['path', 'ref'] },
  { pattern: /^the worktree of branch (\S+) was removed; diff the branch with git instead$/, key: 'engineErrors.worktree.diffRemoved', vars: ['branch'] },
  { pattern: /^the worktree of session (\S+) was removed; its work is on branch (\S+)$/, key: 'engineErrors.worktree.removed', vars: ['ref', 'branch'] },
  { pattern: /^the worktree of session (\S+) was already removed; its work is on branch (\S+)$/, key: 'engineErrors.worktree.alreadyRemoved', vars: ['ref', 'branch'] },
  {
    pattern: /^session (\S+) was created on a detached HEAD \((\S+)\) of (.+), so there is no base branch to merge into; its work is on branch (\S+)$/s,
    key: 'engineErrors.worktree.detachedHead',
    vars: ['ref', 'commit', 'repo', 'branch'],
  },
  { pattern: /^base branch (\S+) no longer exists in (.+); the work of session (\S+) stays on branch (\S+)$/s, key: 'engineErrors.worktree.baseGone', vars: ['base', 'repo', 'ref', 'branch'] },
  { pattern: /^cannot read HEAD of worktree (.+)$/s, key: 'engineErrors.worktree.cannotReadHead', vars: ['path'] },
  {
    pattern: /^merging (\S+) into (\S+) would conflict in (.+); nothing was merged and the work stays on \1 \(merge \2 into the worktree (.+) and resolve there, then merge again\)$/s,
    key: 'engineErrors.worktree.mergeConflict',
    vars: ['branch', 'base', 'files', 'path'],
  },
  {
    pattern: /^(.+) \(branch (\S+)\) has uncommitted changes to (.+), which the merge would change; commit or stash them, then merge again \(nothing was merged\)$/s,
    key: 'engineErrors.worktree.baseDirty',
    vars: ['repo', 'base', 'files'],
  },
  { pattern: /^branch (\S+) moved while merging; nothing was merged, try again \((.+)\)$/s, key: 'engineErrors.worktree.baseMoved', vars: ['base', 'error'] },
  { pattern: /^(.+); nothing was merged$/s, key: 'engineErrors.worktree.nothingMerged', vars: ['error'], nested: ['error'] },
  {
    pattern: /^session (\S+)'s worktree (.+) has (.+); merge it first, or remove with force \(the work is committed and kept on branch (\S+)\)$/s,
    key: 'engineErrors.worktree.hasWork',
    vars: ['ref', 'path', 'why', 'branch'],
    nested: ['why'],
  },
  { pattern: /^uncommitted changes to (.+)$/s, key: 'engineErrors.worktree.uncommittedTo', vars: ['files'] },
  { pattern: /^commits not in any base branch$/, key: 'engineErrors.worktree.commitsNotInAny', vars: [] },
  { pattern: /^commits not in (\S+)$/, key: 'engineErrors.worktree.commitsNotIn', vars: ['base'] },
  { pattern: /^workspace (.+) is not a git repository; isolation needs git$/s, key: 'engineErrors.worktree.notRepo', vars: ['path'] },
  { pattern: /^repository (.+) has no commits yet; isolation branches from a commit, so commit something first$/s, key: 'engineErrors.worktree.noCommits', vars: ['repo'] },
  { pattern: /^cannot read the git version from "(.*)"; merging a worktree needs git (\S+) or newer$/s, key: 'engineErrors.worktree.gitVersionUnreadable', vars: ['output', 'needed'] },
  {
    pattern: /^git (\S+) is too old: previewing and merging a worktree needs `git merge-tree --write-tree` \(git (\S+) or newer\)$/,
    key: 'engineErrors.worktree.gitTooOld',
    vars: ['version', 'needed'],
  },
  { pattern: /^git merge-tree printed no tree for (\S+) into (\S+) in (.+)$/s, key: 'engineErrors.worktree.noTree', vars: ['theirs', 'ours', 'repo'] },
  { pattern: /^(.+) is not inside the worktree of branch (\S+) \((.+)\)$/s, key: 'engineErrors.worktree.notInside', vars: ['path', 'branch', 'top'] },
  { pattern: /^session (\S+) cannot be reopened: its worktree folder was removed$/, key: 'engineErrors.worktree.cannotReopen', vars: ['ref'] },
  // A git command that failed (main/core/worktree/git.ts gitFailure): what Paragents was doing, then git's own words.
  { pattern: /^(.+?): git exited with (-?\d+): (.+)$/s, key: 'engineErrors.git.exited', vars: ['what', 'code', 'detail'], nested: ['what'] },
  { pattern: /^(.+?): git exited with (-?\d+)$/s, key: 'engineErrors.git.exitedBare', vars: ['what', 'code'], nested: ['what'] },
  { pattern: /^(.+?): git exited with a signal: (.+)$/s, key: 'engineErrors.git.signal', vars: ['what', 'detail'], nested: ['what'] },
  { pattern: /^(.+?): git exited with a signal$/s, key: 'engineErrors.git.signalBare', vars: ['what'], nested: ['what'] },
  { pattern: /^(.+?): git is not installed \(or not on PATH\); isolation needs git$/s, key: 'engineErrors.git.missing', vars: ['what'], nested: ['what'] },
  { pattern: /^previewing the merge of (\S+) into (\S+) in (.+)$/s, key: 'engineErrors.git.previewMerge', vars: ['theirs', 'ours', 'repo'] },
  { pattern: new RegExp(`^workspace (${ABSOLUTE}.*)$`, 's'), key: 'engineErrors.git.workspace', vars: ['path'] },
  { pattern: /^reading the status of (.+)$/s, key: 'engineErrors.git.readingStatus', vars: ['path'] },
  { pattern: /^diffing (\S+)$/, key: 'engineErrors.git.diffing', vars: ['branch'] },
  { pattern: /^listing the changes of (\S+)$/, key: 'engineErrors.git.listingChanges', vars: ['branch'] },
  { pattern: /^creating worktree (.+) for (.+)$/s, key: 'engineErrors.git.creatingWorktree', vars: ['path', 'repo'] },
  { pattern: /^merging into (\S+) in (.+)$/s, key: 'engineErrors.git.mergingInto', vars: ['base', 'repo'] },
  { pattern: /^checking for a merge in progress$/, key: 'engineErrors.git.checkingMerge', vars: [] },
  { pattern: /^aborting the merge in (.+)$/s, key: 'engineErrors.git.abortingMerge', vars: ['repo'] },
  { pattern: /^reading HEAD of worktree (.+)$/s, key: 'engineErrors.git.readingWorktreeHead', vars: ['path'] },
  { pattern: /^reading HEAD of (.+)$/s, key: 'engineErrors.git.readingHead', vars: ['path'] },
  { pattern: /^updating branch (\S+) in (.+)$/s, key: 'engineErrors.git.updatingBranch', vars: ['base', 'repo'] },
  { pattern: /^checking the git version$/, key: 'engineErrors.git.checkingVersion', vars: [] },
  { pattern: /^removing worktree (.+)$/s, key: 'engineErrors.git.removingWorktree', vars: ['path'] },
  { pattern: /^locating the index of (.+)$/s, key: 'engineErrors.git.locatingIndex', vars: ['path'] },
  { pattern: /^snapshotting worktree (.+)$/s, key: 'engineErrors.git.snapshotting', vars: ['path'] },
  { pattern: /^writing a commit in (.+)$/s, key: 'engineErrors.git.writingCommit', vars: ['path'] },
  { pattern: /^staging the files of worktree (.+)$/s, key: 'engineErrors.git.staging', vars: ['path'] },
  { pattern: /^committing the files of worktree (.+)$/s, key: 'engineErrors.git.committing', vars: ['path'] },
  { pattern: /^listing what the merge changes in (.+)$/s, key: 'engineErrors.git.listingMergeChanges', vars: ['repo'] },
  { pattern: /^listing worktrees$/, key: 'engineErrors.git.listingWorktrees', vars: [] },
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
  { pattern: /^session (.+) has no writes to (.+) in the change journal$/s, key: 'engineErrors.request.noWritesTo', vars: ['session', 'path'] },
  { pattern: /^journal\.list: the path "(.*)" is relative; give an absolute path or a session$/s, key: 'engineErrors.request.journalRelative', vars: ['path'] },
  { pattern: /^policy\.check needs a session or a workspace$/, key: 'engineErrors.request.policyCheckNeeds', vars: [] },
  { pattern: /^workspace trust is not available in this engine$/, key: 'engineErrors.request.trustUnavailable', vars: [] },
  { pattern: new RegExp(`^(${ABSOLUTE}.*) is not a folder$`, 's'), key: 'engineErrors.request.notAFolder', vars: ['path'] },
  { pattern: new RegExp(`^(${ABSOLUTE}.*) does not exist$`, 's'), key: 'engineErrors.request.doesNotExist', vars: ['path'] },
  { pattern: /^No project hook of (.+)\/\.paragents runs the command "(.*)"\.$/s, key: 'engineErrors.request.noProjectHook', vars: ['workspace', 'command'] },
  { pattern: /^"(.+)" is a server of the user's mcp\.json; only project servers need approval\.$/, key: 'engineErrors.request.userServer', vars: ['server'] },
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
  // The next provider taking over (main/core/model/client.ts): what the failed one answered stays as it was.
  { pattern: /^falling back after: (.+)$/s, key: 'engineErrors.model.fallingBack', vars: ['error'] },
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
    pattern: /^the data folder's endpoint (.+) and its fallback (.+) are both longer than a socket path may be \((\d+) bytes\); set XDG_RUNTIME_DIR to a shorter folder$/s,
    key: 'engineErrors.endpoint.tooLong',
    vars: ['path', 'fallback', 'max'],
  },
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
