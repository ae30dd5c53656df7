import type { ReasonTemplate } from './reason-template';

/**
 * Why the engine refused a request the panel made, as its forms and the command log show it: a reference that
 * names nothing, a session or prompt in the wrong state, a workspace that is not there, a config file it cannot
 * use (main/core/store/resolve.ts, main/core/engine/*-handlers.ts, main/core/config). The rest stays English.
 */
export const REQUEST_TEMPLATES: readonly ReasonTemplate[] = [
  { pattern: /^(session|prompt|approval) not found: "(.*)"$/s, key: 'notices.request.notFound', vars: ['kind', 'ref'], words: { kind: 'notices.request.kind' } },
  { pattern: /^ambiguous (session|prompt|approval) "(.*)": matches (\d+) \((.*)\)$/s, key: 'notices.request.ambiguous', vars: ['kind', 'ref', 'count', 'list'], words: { kind: 'notices.request.kind' } },
  { pattern: /^empty (session|prompt|approval) reference$/, key: 'notices.request.emptyRef', vars: ['kind'], words: { kind: 'notices.request.kind' } },
  { pattern: /^session (\S+) is closed$/, key: 'notices.request.sessionClosed', vars: ['ref'] },
  { pattern: /^session (\S+) is not closed$/, key: 'notices.request.sessionNotClosed', vars: ['ref'] },
  { pattern: /^a session named "(.+)" already exists$/, key: 'notices.request.nameTaken', vars: ['name'] },
  { pattern: /^workspace folder does not exist: (.+)$/s, key: 'notices.request.noWorkspace', vars: ['path'] },
  { pattern: /^workspace is not a folder: (.+)$/s, key: 'notices.request.notAFolder', vars: ['path'] },
  { pattern: /^the session's workspace folder no longer exists: (.+)$/s, key: 'notices.request.workspaceGone', vars: ['path'] },
  { pattern: /^prompt (\S+) already (\S+)$/, key: 'notices.request.promptAlready', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^only a running prompt can be paused; (\S+) is (\S+)$/, key: 'notices.request.onlyRunningPause', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^only a queued prompt can be edited; (\S+) is (\S+)$/, key: 'notices.request.onlyQueuedEdit', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^only a failed or cancelled prompt can be retried; (\S+) is (\S+)$/, key: 'notices.request.onlyFailedRetry', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^prompt (\S+) is not paused or interrupted \((\S+)\)$/, key: 'notices.request.notPaused', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^prompt (\S+) is not in conflict \((\S+)\)$/, key: 'notices.request.notInConflict', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^approval (\S+) is already (\S+)$/, key: 'notices.request.approvalAlready', vars: ['ref', 'status'], words: { status: 'notices.request.approvalStatus' } },
  {
    pattern: /^session (.+) is working on prompt (\S+); compact it once that turn ends \(or pause it first\)$/,
    key: 'notices.request.compactBusy',
    vars: ['session', 'ref'],
  },
  { pattern: /^(.+): no model provider is configured$/, key: 'notices.request.noProvider', vars: ['file'] },
  { pattern: /^(.+): cannot write: (.+)$/s, key: 'notices.request.cannotWrite', vars: ['file', 'error'] },
  { pattern: /^could not save the rule: (.+)$/s, key: 'notices.request.ruleNotSaved', vars: ['error'] },
  { pattern: /^(.+): providers: the name "(.+)" is used twice$/, key: 'notices.request.providerTwice', vars: ['file', 'name'] },
  { pattern: /^No MCP server named "(.+)" is configured in (.+)\.$/s, key: 'notices.request.noMcpServer', vars: ['server', 'where'] },
];
